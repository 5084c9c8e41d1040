import { describe, expect, it } from "vitest";
import { createInput, orderFormSchema, orderTotals, storedOrderValues, updateInput } from "@/app/(panel)/orders/order-values";
import { orderCreate, orderUpdate, type OrderDetail } from "@/server/orders/orders/schemas";

const PRODUCT = "6f1d7e1a-2b3c-4d5e-8f90-1a2b3c4d5e6f";
const METHOD = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const COUPON = "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d";

function storedOrder(over: Partial<OrderDetail> = {}): OrderDetail {
  const item = {
    id: "11111111-1111-4111-8111-111111111111",
    orderId: "o",
    productId: PRODUCT,
    productName: "Furadeira",
    sku: "FUR-1",
    image: null,
    unit: "UN",
    productVariationId: "22222222-2222-4222-8222-222222222222",
    itemOriginValue: "vitrine",
    itemOriginType: "SHOWCASE",
    unitValue: 459.9,
    quantity: 2,
    discount: 0,
    totalValue: 919.8,
    attributes: { color: "blue" },
    automation_fields: { source: "crm", ignored: 3 },
    complements: [{ key: "gift", title: "Presente", value_paid: 5, extra: true }],
    resumeFields: [],
  };
  return {
    id: "33333333-3333-4333-8333-333333333333",
    negotiation_date: "2026-03-10T15:30:00.000Z",
    partner_id: "44444444-4444-4444-8444-444444444444",
    partner: { id: "44444444-4444-4444-8444-444444444444", name: "Cliente", fiscal_registration_number: "1" },
    company_id: null,
    seller_id: null,
    quotation: false,
    observation: null,
    order_value: 919.8,
    discount_value: 0,
    freight_value: 30,
    total_value: 949.8,
    invoice_value: 949.8,
    tax_totals: null,
    items: [item],
    payments: [
      {
        id: "55555555-5555-4555-8555-555555555555",
        orderId: "o",
        paymentMethodId: METHOD,
        paymentMethodName: "Boleto",
        amount: 949.8,
        installments: 2,
        installmentId: "inst-1",
        transactionId: "tx-1",
        attributes: { gateway: "manual" },
      },
    ],
    coupons: [
      {
        coupon_id: COUPON,
        code: "BEMVINDO",
        name: "Boas-vindas",
        type: "ORDER",
        value_type: "PERCENTAGE",
        value: 10,
        attributes: { campaign: "nov" },
      },
    ],
    shipment_street: "Rua Augusta",
    ...over,
  } as OrderDetail;
}

describe("order form totals (contract §7)", () => {
  it("adds items as unit × quantity − discount, then − discount + freight, in decimals", () => {
    const totals = orderTotals({
      items: [
        { quantity: 3, unit_value: 0.1, discount: 0 },
        { quantity: 2, unit_value: 459.9, discount: 10 },
      ],
      discount_value: 0.3,
      freight_value: 30,
    });
    expect(totals.lines).toEqual([0.3, 909.8]);
    expect(totals.order).toBe(910.1);
    expect(totals.total).toBe(939.8);
  });

  it("gives the first payment without an amount the rest of the total", () => {
    const totals = orderTotals({
      items: [{ quantity: 1, unit_value: 100, discount: 0 }],
      freight_value: 0,
      discount_value: 0,
      payments: [
        { payment_method_id: METHOD, amount: 30 },
        { payment_method_id: METHOD, amount: null },
        { payment_method_id: "", amount: null },
      ],
    });
    expect(totals.payments).toEqual([30, 70, undefined]);
    expect(totals.paid).toBe(100);
  });

  it("treats half-typed numbers as zero", () => {
    expect(orderTotals({ items: [{ quantity: Number.NaN, unit_value: 10, discount: null }] }).order).toBe(0);
  });
});

describe("order form values", () => {
  it("keep a single payment of the whole total following the total", () => {
    const values = storedOrderValues(storedOrder());
    expect(values.payments).toEqual([
      { key: "55555555-5555-4555-8555-555555555555", payment_method_id: METHOD, installments: 2, amount: null },
    ]);
    expect(values.negotiation_date).toBe("2026-03-10");
  });

  it("update: replaces items and payments, keeping stored ids and what the form does not show", () => {
    const order = storedOrder();
    const values = orderFormSchema.parse({ ...storedOrderValues(order), items: [{ ...storedOrderValues(order).items[0]!, quantity: 3 }] });
    const input = orderUpdate.parse(updateInput(values, order));
    expect(input.items).toEqual([
      expect.objectContaining({
        id: order.items[0]!.id,
        product_variation_id: "22222222-2222-4222-8222-222222222222",
        item_origin_type: "SHOWCASE",
        quantity: 3,
        unit_value: 459.9,
        attributes: { color: "blue" },
        automation_fields: { source: "crm" },
        complements: [expect.objectContaining({ key: "gift", title: "Presente", value_paid: 5 })],
      }),
    ]);
    expect(input.order_value).toBe(1379.7);
    expect(input.total_value).toBe(1409.7);
    expect(input.payments).toEqual([
      expect.objectContaining({
        id: order.payments[0]!.id,
        amount: 1409.7,
        installments: 2,
        transaction_id: "tx-1",
        attributes: { gateway: "manual" },
      }),
    ]);
    // The day did not change: the stored instant is kept; lists the form does not edit are left out (kept).
    expect(input.negotiation_date).toBe("2026-03-10T15:30:00.000Z");
    expect(input.invoices).toBeUndefined();
    // The coupons it shows are sent as they are, each link with its attributes.
    expect(input.coupons).toEqual([{ coupon_id: COUPON, attributes: { campaign: "nov" } }]);
  });

  it("create: a valid POST body; rows without a method are left out", () => {
    const values = orderFormSchema.parse({
      ...storedOrderValues(storedOrder({ payments: [] })),
      negotiation_date: "2026-04-01",
      payments: [{ key: "k", payment_method_id: "", installments: 1, amount: null }],
    });
    const input = orderCreate.parse(createInput(values, "Entrega"));
    expect(input.payments).toEqual([]);
    // A new order keeps nothing of another: its items get new ids.
    expect(input.items?.[0]?.id).toBeUndefined();
    expect(input.items?.[0]?.product_variation_id).toBeUndefined();
    expect(input.negotiation_date).toBe("2026-04-01T12:00:00.000Z");
    expect(input.shipment_address_name).toBe("Entrega");
  });

  it("refuses an order without items and a payment that gets nothing", () => {
    const base = storedOrderValues(storedOrder());
    expect(orderFormSchema.safeParse({ ...base, items: [] }).success).toBe(false);
    const overpaid = orderFormSchema.safeParse({
      ...base,
      payments: [
        { key: "a", payment_method_id: METHOD, installments: 1, amount: 2000 },
        { key: "b", payment_method_id: METHOD, installments: 1, amount: null },
      ],
    });
    expect(overpaid.success).toBe(false);
    expect(overpaid.error?.issues[0]?.path).toEqual(["payments", 1, "amount"]);
  });
});
