import type { Db } from "../db/scoped";
import { money, roundMoney } from "../lib/money";
import { discountWrite } from "./discounts/schemas";
import { createDiscount } from "./discounts/service";
import { priceTableWrite } from "./price-tables/schemas";
import { createPriceTable } from "./price-tables/service";

/** Pricing of a fresh demo org (after the catalog and parties): a wholesale table, a PIX table, a volume discount and a brand discount. */
export async function seedPricingDemo(db: Db): Promise<void> {
  const [products, wholesale, pix, brand] = await Promise.all([
    db.product.findMany({ where: { price: { not: null } }, orderBy: { name: "asc" }, take: 3, select: { id: true, price: true } }),
    db.profile.findFirst({ where: { name: "Atacado" }, select: { id: true } }),
    db.paymentMethod.findFirst({ where: { name: { contains: "PIX", mode: "insensitive" } }, select: { id: true } }),
    db.brand.findFirst({ orderBy: { name: "asc" }, select: { id: true } }),
  ]);
  const year = new Date().getUTCFullYear();
  if (wholesale && products.length > 0) {
    await createPriceTable(
      db,
      priceTableWrite.parse({
        name: "Atacado",
        start_date: `${year}-01-01`,
        is_partner_specific: false,
        is_profile_specific: true,
        is_company_specific: false,
        is_payment_method_specific: false,
        profiles: [{ profile_id: wholesale.id }],
        criteria: [
          {
            name: "Linha principal",
            rate_type: "DECREASE",
            value_type: "PERCENTAGE",
            value: 8,
            products: products.map((product, index) => ({
              product_id: product.id,
              price: index === 0 && product.price ? roundMoney(money(product.price).times("0.9")).toNumber() : null,
            })),
          },
        ],
      }),
    );
  }
  if (pix) {
    await createPriceTable(
      db,
      priceTableWrite.parse({
        name: "PIX à vista",
        start_date: `${year}-01-01`,
        is_partner_specific: false,
        is_profile_specific: false,
        is_company_specific: false,
        is_payment_method_specific: true,
        payment_methods: [{ payment_method_id: pix.id }],
        criteria: [{ name: "Todos os produtos", rate_type: "DECREASE", value_type: "PERCENTAGE", value: 3 }],
      }),
    );
  }
  await createDiscount(
    db,
    discountWrite.parse({
      name: "Volume",
      ranges: [
        { minimum_quantity: 10, type: "PERCENTAGE", value: 5 },
        { minimum_quantity: 50, type: "PERCENTAGE", value: 10 },
      ],
    }),
  );
  if (brand) {
    await createDiscount(
      db,
      discountWrite.parse({
        name: "Semana da marca",
        is_discount_over_discount: true,
        ranges: [{ minimum_quantity: 1, type: "PERCENTAGE", value: 2 }],
        criteria: [{ name: "Marca em destaque", config: [{ key: "brand_id", values: [brand.id] }] }],
      }),
    );
  }
}
