/**
 * Tenancy as a schema guarantee (issue 30): every relation between two org-owned records is
 * a composite foreign key `(organization_id, x_id) → (organization_id, id)`, so the database
 * itself refuses a reference to another org's record, whatever code writes it.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newOrg, testDatabase, unique } from "../helpers/database";

/**
 * Relations that set the reference to null when the referenced record goes (ON DELETE SET
 * NULL): with the org in the key that would null the row's organization too, so these keep
 * a one-column key and the services check their org (tests/adversarial/references.test.ts).
 */
const SET_NULL = ["orders.sale_id", "orders.delivery_method_id", "sellers.user_id", "users.seller_id"];

describe("the database refuses cross-org references", () => {
  it("every foreign key between org-owned tables carries the org (but the set-null ones named here)", async () => {
    const database = await testDatabase();
    const keys = await database.prisma.$queryRaw<Array<{ child: string; columns: string[]; parent: string; parent_columns: string[] }>>`
      SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
             array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(num, at)
                     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num ORDER BY k.at) AS columns,
             array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(num, at)
                     JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num ORDER BY k.at) AS parent_columns
        FROM pg_constraint c
       WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
         AND c.confrelid <> 'organizations'::regclass
         AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.conrelid AND a.attname = 'organization_id' AND NOT a.attisdropped)
         AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.confrelid AND a.attname = 'organization_id' AND NOT a.attisdropped)`;
    expect(keys.length).toBeGreaterThan(60);
    const withoutOrg = keys
      // The org column pairs with the org column (the key's columns in their order).
      .filter((key) => {
        const at = key.columns.indexOf("organization_id");
        return at === -1 || key.parent_columns[at] !== "organization_id";
      })
      .map((key) => `${key.child}.${key.columns.join(",")}`)
      .sort();
    expect(withoutOrg).toEqual([...SET_NULL].sort());
  });

  it("a write that names another org's record fails in the database itself, not only in the services", async () => {
    const mine = await newOrg();
    const theirs = await newOrg();
    const brand = await theirs.db.brand.create({ data: { organization_id: theirs.organizationId, name: unique("Marca deles") } });
    const category = await theirs.db.category.create({
      data: { organization_id: theirs.organizationId, name: unique("Categoria deles"), active: true, order: 1 },
    });
    const product = await mine.db.product.create({
      data: { organization_id: mine.organizationId, name: unique("Produto"), sku: unique("SKU"), sku_key: randomUUID() },
    });
    // Straight to the database, past every service check: refused by the composite keys.
    await expect(mine.db.product.update({ where: { id: product.id }, data: { brand_id: brand.id } })).rejects.toThrow();
    await expect(
      mine.db.productCategory.create({ data: { organization_id: mine.organizationId, product_id: product.id, category_id: category.id } }),
    ).rejects.toThrow();
    expect((await mine.db.product.findUniqueOrThrow({ where: { id: product.id } })).brand_id).toBeNull();
    expect(await mine.db.productCategory.count()).toBe(0);
  });
});
