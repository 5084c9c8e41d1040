import type { PrismaClient } from "../generated/prisma/client";
import { forOrganization } from "../db/scoped";
import { brands } from "../catalog/brands/service";
import { seedCatalogDemo } from "../catalog/demo-data";
import { seedInsightsDemo } from "../insights/demo-data";
import { seedCreditDemo, seedPartiesDemo } from "../parties/demo-data";
import { seedOrdersDemo } from "../orders/demo-data";
import { seedSalesDemo } from "../sales/demo-data";
import { seedPricingDemo } from "../pricing/demo-data";
import { seedSettingsDemo } from "../settings/demo-data";
import { seedStockDemo } from "../stock/demo-data";

const demoBrands = [
  { name: "Acme Ferramentas", active: true },
  { name: "Bosch", active: true },
  { name: "Makita", active: true },
  { name: "Tramontina", active: true },
  { name: "Vonder", active: true },
  { name: "Stanley", active: true },
  { name: "Black+Decker", active: true },
  { name: "Irwin", active: true },
  { name: "Gedore", active: false },
  { name: "Starrett", active: true },
  { name: "São Jorge Utilidades", active: true },
  { name: "DeWalt", active: true },
];

/** Demo records for a fresh org, so the panel has something to show. Runs once per org. */
export async function seedDemoData(prisma: PrismaClient, organizationId: string): Promise<boolean> {
  const db = forOrganization(prisma, organizationId);
  if ((await db.brand.count()) > 0) return false;
  for (const brand of demoBrands) {
    await brands.service.create(db, { ...brand, images: [], attributes: {} });
  }
  await seedCatalogDemo(db);
  await seedPartiesDemo(db);
  await seedSettingsDemo(db);
  await seedStockDemo(db);
  await seedOrdersDemo(db);
  await seedSalesDemo(db);
  await seedCreditDemo(db);
  await seedInsightsDemo(db);
  await seedPricingDemo(db);
  return true;
}
