import type { Db } from "../db/scoped";
import { money, roundMoney, sumMoney } from "../lib/money";
import { orderCreate } from "./orders/schemas";
import { ALL_ORDERS } from "../auth/scope";
import { createOrder, setOrderStatus } from "./orders/write-order";

/** A demo order's delivery: the partner's default address (else its first), the partner as the contact. */
export function demoShipment(partner: { name: string; phone: string | null; addresses: unknown }) {
  const addresses = (Array.isArray(partner.addresses) ? partner.addresses : []) as Array<
    Record<string, string | boolean | null | undefined>
  >;
  const address = addresses.find((entry) => entry.is_default === true) ?? addresses[0] ?? {};
  const text = (value: string | boolean | null | undefined, fallback = "") => (typeof value === "string" ? value : fallback);
  return {
    shipment_address_name: text(address.name, "Entrega"),
    shipment_address_type: text(address.type, "DELIVERY"),
    shipment_street: text(address.street),
    shipment_number: text(address.number),
    shipment_complement: text(address.complement),
    shipment_neighborhood: text(address.neighborhood),
    shipment_city: text(address.city),
    shipment_state: text(address.state),
    shipment_postal_code: text(address.postal_code),
    shipment_country: text(address.country, "BR"),
    shipment_contact_name: partner.name,
    shipment_contact_number: partner.phone ?? "",
  };
}

/** A few orders of the demo partners and products: one new, one confirmed with a payment, one quotation. */
export async function seedOrdersDemo(db: Db): Promise<void> {
  const [partners, products, method, statuses] = await Promise.all([
    db.partner.findMany({ orderBy: { name: "asc" }, take: 3 }),
    db.product.findMany({
      orderBy: { name: "asc" },
      take: 4,
      include: { measure_unit: { select: { abbreviation: true } } },
    }),
    db.paymentMethod.findFirst({ orderBy: { name: "asc" } }),
    db.status.findMany({ where: { type: "ORDER" } }),
  ]);
  if (partners.length === 0 || products.length < 2) return;
  const plans = [
    {
      days: 12,
      lines: [
        [0, 4, 189.9],
        [1, 2, 459],
      ] as const,
      freight: 35,
      discount: 0,
      quotation: false,
      phase: "CONFIRMED",
      pay: true,
    },
    {
      days: 5,
      lines: [
        [2, 10, 12.5],
        [3, 1, 899.99],
      ] as const,
      freight: 0,
      discount: 20,
      quotation: false,
      phase: undefined,
      pay: false,
    },
    {
      days: 1,
      lines: [[1, 6, 459]] as const,
      freight: 50,
      discount: 0,
      quotation: true,
      phase: undefined,
      pay: false,
    },
  ];
  for (const [index, plan] of plans.entries()) {
    const partner = partners[index % partners.length]!;
    const items = plan.lines.flatMap(([position, quantity, unitValue]) => {
      const product = products[position % products.length];
      return product
        ? [
            {
              product_id: product.id,
              quantity,
              unit_value: unitValue,
              unit: product.measure_unit?.abbreviation ?? null,
            },
          ]
        : [];
    });
    const orderValue = roundMoney(sumMoney(items.map((item) => money(item.unit_value).times(item.quantity))));
    const total = orderValue.minus(plan.discount).plus(plan.freight);
    const order = await createOrder(
      db,
      ALL_ORDERS,
      orderCreate.parse({
        partner_id: partner.id,
        seller_id: partner.seller_id,
        negotiation_date: new Date(Date.now() - plan.days * 86_400_000).toISOString(),
        order_value: orderValue.toNumber(),
        discount_value: plan.discount,
        freight_value: plan.freight,
        total_value: total.toNumber(),
        quotation: plan.quotation,
        ...demoShipment(partner),
        items,
        payments:
          plan.pay && method
            ? [
                {
                  payment_method_id: method.id,
                  amount: total.toNumber(),
                  installments: 1,
                },
              ]
            : [],
      }),
    );
    const status = plan.phase && statuses.find((entry) => entry.phase === plan.phase);
    if (status) await setOrderStatus(db, ALL_ORDERS, order.id, status.id);
  }
}
