import { randomUUID } from "node:crypto";
import { recordAudit, recordAudits } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { scopedExecute, transactionReads, type ReadStatement } from "../../db/sql";
import { AppError, type FieldError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { imageReferenceErrors, resourceFileUrl } from "../../files/resource-files/service";
import { isUuid } from "../../lib/ids";
import { toJsonNumber } from "../../lib/money";
import type { Page } from "../../lib/paging";
import { normalizeSearch, searchText } from "../../lib/search";
import { validateAttributes } from "../../crud/validate-attributes";
import type { Product, ProductImage, ProductListInput, ProductSummary, ProductWriteOutput } from "./schemas";
import { findProducts } from "./search";
import { refreshProducts } from "./search-index";

/**
 * Products (contract §5 "Product", §8 "Product fields"). Every write checks what the
 * product points to (brand, unit, categories, image files: 422 naming the field), keeps
 * SKUs unique in the org across products and their variations (case-insensitively, after
 * NFC), refreshes the search index and records the audit entry, in the write's
 * transaction.
 */

/**
 * A product as one statement reads it (`PRODUCT_RECORDS`): its brand, measure unit and
 * categories aggregated into JSON, numbers and timestamps as text, so that the driver
 * and Prisma read the same row.
 */
interface ProductRecordRow {
  id: string;
  organization_id: string;
  name: string;
  sku: string;
  sku_key: string;
  description: string | null;
  brand_id: string | null;
  measure_unit_id: string | null;
  price: string | null;
  ean: string | null;
  ncm: string | null;
  cest: string | null;
  origin: number;
  ipi_rate: string | null;
  weight: string | null;
  active: boolean;
  track_stock: boolean;
  images: unknown;
  attributes: unknown;
  created_at: string;
  updated_at: string;
  brand: { id: string; name: string } | null;
  measure_unit: { id: string; abbreviation: string; decimals_for_quantity: number } | null;
  categories: Array<{ id: string; name: string }>;
}

/** Timestamps as `Date.toISOString()` writes them (the columns keep milliseconds). */
const isoText = (column: Prisma.Sql) => Prisma.sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The products of these ids with what a record shows of their brand, unit and categories; one statement, prepared (its plan finds rows by key). */
const PRODUCT_RECORDS = (ids: string[]) => (organization: Prisma.Sql) => Prisma.sql`
  SELECT p.id, p.organization_id, p.name, p.sku, p.sku_key, p.description, p.brand_id, p.measure_unit_id, p.price::text AS price,
         p.ean, p.ncm, p.cest, p.origin, p.ipi_rate::text AS ipi_rate, p.weight::text AS weight, p.active, p.track_stock, p.images, p.attributes,
         ${isoText(Prisma.sql`p.created_at`)} AS created_at, ${isoText(Prisma.sql`p.updated_at`)} AS updated_at,
         (SELECT json_build_object('id', b.id, 'name', b.name) FROM brands b WHERE b.organization_id = ${organization} AND b.id = p.brand_id) AS brand,
         (SELECT json_build_object('id', u.id, 'abbreviation', u.abbreviation, 'decimals_for_quantity', u.decimals_for_quantity)
            FROM measure_units u WHERE u.organization_id = ${organization} AND u.id = p.measure_unit_id) AS measure_unit,
         COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name))
                     FROM product_categories pc JOIN categories c ON c.organization_id = ${organization} AND c.id = pc.category_id
                    WHERE pc.organization_id = ${organization} AND pc.product_id = p.id), '[]'::json) AS categories
  FROM products p WHERE p.organization_id = ${organization} AND p.id = ANY(${ids}::uuid[])`;

type StoredImage = { resource_file_id: string; main: boolean; order: number };

const SKU_BASE_LENGTH = 40;

/** How SKUs compare for uniqueness in an org: Unicode NFC, upper case. */
export function skuKey(sku: string): string {
  return sku.normalize("NFC").toUpperCase();
}

function imagesOf(row: { images: unknown }, organizationId: string): ProductImage[] {
  return (row.images as StoredImage[]).map((image) => ({ ...image, url: resourceFileUrl(organizationId, image.resource_file_id) }));
}

function mainImageOf(images: ProductImage[]): ProductImage | undefined {
  return images.find((image) => image.main) ?? images[0];
}

/** Where a product's main image is served (null without images): for records that show the product (stock). */
export function mainImageUrlOf(row: { images: unknown; organization_id: string }): string | null {
  return mainImageOf(imagesOf(row, row.organization_id))?.url ?? null;
}

function toProduct(row: ProductRecordRow): Product {
  const images = imagesOf(row, row.organization_id);
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    description: row.description,
    brand_id: row.brand_id,
    category_ids: row.categories.map((category) => category.id),
    measure_unit_id: row.measure_unit_id,
    price: toJsonNumber(row.price),
    ean: row.ean,
    ncm: row.ncm,
    cest: row.cest,
    origin: row.origin,
    ipi_rate: toJsonNumber(row.ipi_rate),
    weight: toJsonNumber(row.weight),
    active: row.active,
    track_stock: row.track_stock,
    images,
    main_image_url: mainImageOf(images)?.url ?? null,
    attributes: row.attributes as Record<string, unknown>,
    brand: row.brand,
    categories: [...row.categories].sort((a, b) => a.name.localeCompare(b.name)),
    measure_unit: row.measure_unit,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toSummary(product: Product): ProductSummary {
  const { id, name, sku, price, active, main_image_url } = product;
  return { id, name, sku, price, active, main_image_url };
}

/** These products, in the order of `ids` (missing ones left out). */
export async function loadInOrder(read: ReadStatement, ids: string[]): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await read<ProductRecordRow>("product-records", PRODUCT_RECORDS(ids));
  const byId = new Map(rows.map((row) => [row.id, toProduct(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One product's record row: 404 for an unknown id. */
async function findRecord(read: ReadStatement, id: string): Promise<ProductRecordRow> {
  const [row] = isUuid(id) ? await read<ProductRecordRow>("product-records", PRODUCT_RECORDS([id])) : [];
  if (!row) throw AppError.notFound("Product");
  return row;
}

/** GET /products/{id}: 404 for an unknown id. `read` is `transactionReads(db)` inside a write. */
export async function getProduct(read: ReadStatement, id: string): Promise<Product> {
  return toProduct(await findRecord(read, id));
}

/** What enabling or disabling a product needs of it (404 for an unknown id). */
async function findRow(db: Db, id: string) {
  const row = isUuid(id) ? await db.product.findUnique({ where: { id }, select: { name: true, active: true } }) : null;
  if (!row) throw AppError.notFound("Product");
  return row;
}

/**
 * GET /products: filters, then the search words (ranked as POST /products/search ranks
 * them) unless a sort is asked for; `summary` answers the short record.
 */
export async function listProducts(
  db: Db,
  input: ProductListInput,
  read: ReadStatement = transactionReads(db),
): Promise<Page<Product | ProductSummary>> {
  const text = [input.search, input.arguments].filter(Boolean).join(" ");
  const { ids, total } = await findProducts(db, {
    text,
    active: input.only_active ? (input.active === false ? null : true) : input.active,
    brandId: input.brand_id,
    categoryId: input.category_id,
    productIds: input.product_ids?.filter(isUuid),
    onlyWithPrice: input.only_with_price,
    criteria: input.criteria,
    sort: input.sort ? { field: input.sort, dir: input.dir } : text ? undefined : { field: "name", dir: input.dir },
    page: input.page,
    perPage: input.perPage,
  });
  const products = await loadInOrder(read, ids);
  return { currentPage: input.page, perPage: input.perPage, total, items: input.summary ? products.map(toSummary) : products };
}

/** A lock, until the write's transaction ends, on one SKU of the org: its writers take turns. */
async function lockSku(db: Db, key: string): Promise<void> {
  await scopedExecute(
    db,
    (organization) => Prisma.sql`SELECT pg_advisory_xact_lock(hashtext('product-sku:' || ${organization}::text || ':' || ${key}))`,
  );
}

/**
 * Locks on many SKUs of the org at once (a bulk write, an import), taken in one order so two
 * bulk writes never wait for each other in a circle; the same locks `lockSku` takes, so REST
 * writers of those SKUs wait too. Held until the write's transaction ends.
 */
export async function lockSkus(db: Db, keys: readonly string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort();
  if (sorted.length === 0) return;
  await scopedExecute(
    db,
    (organization) => Prisma.sql`
    SELECT pg_advisory_xact_lock(hashtext('product-sku:' || ${organization}::text || ':' || k.key))
      FROM unnest(${sorted}::text[]) WITH ORDINALITY AS k(key, position) ORDER BY k.position`,
  );
}

/** Whether a SKU is taken by a product or a variation of the org (other than `except`). */
async function skuTaken(db: Db, key: string, except?: { productId?: string; variationId?: string }): Promise<boolean> {
  const [products, variations] = await Promise.all([
    db.product.count({ where: { sku_key: key, ...(except?.productId ? { id: { not: except.productId } } : {}) } }),
    db.productVariation.count({ where: { sku_key: key, ...(except?.variationId ? { id: { not: except.variationId } } : {}) } }),
  ]);
  return products + variations > 0;
}

/** A SKU the caller chose: 409 on `sku` when a product or variation already has it. */
export async function claimSku(db: Db, sku: string, except?: { productId?: string; variationId?: string }): Promise<string> {
  const key = skuKey(sku);
  await lockSku(db, key);
  if (await skuTaken(db, key, except)) {
    throw new AppError("conflict", `The SKU ${sku} is already used by another product or variation`, {
      errors: [{ path: "sku", message: "is already used by another product or variation", code: "duplicate", params: { field: "sku" } }],
    });
  }
  return key;
}

/** Readable SKU text: "Furadeira de Impacto 650W" → "FURADEIRA-DE-IMPACTO-650W". */
function skuText(text: string, length = SKU_BASE_LENGTH): string {
  return normalizeSearch(text)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, length)
    .replace(/-+$/, "");
}

/**
 * A free SKU from `base`, then -2, -3... Generations of one base take turns (a lock
 * held until the write's transaction ends), so products created at once with one name
 * get different SKUs; the SKU chosen is locked too, against a writer choosing it by hand.
 */
export async function generateSku(db: Db, base: string): Promise<string> {
  const root = base || "PRODUCT";
  await lockSku(db, `base:${root}`);
  const [products, variations] = await Promise.all([
    db.product.findMany({ where: { sku_key: { startsWith: root } }, select: { sku_key: true } }),
    db.productVariation.findMany({ where: { sku_key: { startsWith: root } }, select: { sku_key: true } }),
  ]);
  const taken = new Set([...products, ...variations].map((row) => row.sku_key));
  let candidate = root;
  for (let suffix = 2; taken.has(candidate); suffix++) candidate = `${root}-${suffix}`;
  await lockSku(db, candidate);
  return candidate;
}

/** POST /products/generate-sku-code: brand, category and name, readable and free in the org (not reserved). */
export async function proposeSku(
  db: Db,
  request: { name?: string; brand_id?: string | null; category_id?: string | null },
): Promise<{ sku: string }> {
  const [brand, category] = await Promise.all([
    request.brand_id && isUuid(request.brand_id) ? db.brand.findUnique({ where: { id: request.brand_id }, select: { name: true } }) : null,
    request.category_id && isUuid(request.category_id)
      ? db.category.findUnique({ where: { id: request.category_id }, select: { name: true } })
      : null,
  ]);
  const errors: FieldError[] = [];
  if (request.brand_id && !brand) errors.push({ path: "brand_id", message: "no brand with this id exists", code: "not_found_reference" });
  if (request.category_id && !category)
    errors.push({ path: "category_id", message: "no category with this id exists", code: "not_found_reference" });
  if (errors.length > 0)
    throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
  const base = [brand && skuText(brand.name, 3), category && skuText(category.name, 3), request.name && skuText(request.name, 30)]
    .filter(Boolean)
    .join("-");
  return { sku: await generateSku(db, base.replace(/-+/g, "-")) };
}

/** 422 for each reference of the write that names nothing of the org (and images that are not images). */
async function checkReferences(db: Db, input: ProductWriteOutput): Promise<void> {
  const errors: FieldError[] = [];
  const notFound = (path: string, noun: string) =>
    errors.push({ path, message: `no ${noun} with this id exists`, code: "not_found_reference" });
  const [brand, unit, categories, images] = await Promise.all([
    input.brand_id ? db.brand.count({ where: { id: input.brand_id } }) : 1,
    input.measure_unit_id ? db.measureUnit.count({ where: { id: input.measure_unit_id } }) : 1,
    input.category_ids.length ? db.category.findMany({ where: { id: { in: input.category_ids } }, select: { id: true } }) : [],
    imageReferenceErrors(
      db,
      input.images.map((image, index) => ({ path: `images.${index}.resource_file_id`, id: image.resource_file_id })),
    ),
  ]);
  if (!brand) notFound("brand_id", "brand");
  if (!unit) notFound("measure_unit_id", "measure unit");
  input.category_ids.forEach((id, index) => {
    if (!categories.some((category) => category.id === id)) notFound(`category_ids.${index}`, "category");
  });
  errors.push(...images);
  if (errors.length > 0) throw AppError.fields(errors);
}

/** Images in their order, numbered 0…n, exactly one main (the first when none is chosen). */
function orderedImages(images: ProductWriteOutput["images"]): StoredImage[] {
  const ordered = images
    .map((image, index) => ({ image, index }))
    .sort((a, b) => (a.image.order ?? a.index) - (b.image.order ?? b.index) || a.index - b.index)
    .map(({ image }, order) => ({ resource_file_id: image.resource_file_id, main: image.main, order }));
  if (ordered.length > 0 && !ordered.some((image) => image.main)) ordered[0]!.main = true;
  return ordered;
}

function columnsOf(input: ProductWriteOutput, sku: string, key: string) {
  return {
    name: input.name,
    sku,
    sku_key: key,
    description: input.description ?? null,
    brand_id: input.brand_id ?? null,
    measure_unit_id: input.measure_unit_id ?? null,
    price: input.price ?? null,
    ean: input.ean ?? null,
    ncm: input.ncm ?? null,
    ...(input.cest === undefined ? {} : { cest: input.cest }),
    ...(input.origin === undefined ? {} : { origin: input.origin }),
    ...(input.ipi_rate === undefined ? {} : { ipi_rate: input.ipi_rate }),
    weight: input.weight ?? null,
    active: input.active,
    ...(input.track_stock === undefined ? {} : { track_stock: input.track_stock }),
    images: orderedImages(input.images),
    attributes: input.attributes as Prisma.InputJsonObject,
    search_text: searchText([input.name, sku]),
  };
}

async function setCategories(db: Db, productId: string, categoryIds: string[]): Promise<void> {
  await db.productCategory.deleteMany({ where: { product_id: productId } });
  if (categoryIds.length > 0) {
    await db.productCategory.createMany({ data: categoryIds.map((category_id) => ({ product_id: productId, category_id })) as never });
  }
}

export async function createProduct(db: Db, input: ProductWriteOutput): Promise<Product> {
  await checkReferences(db, input);
  await validateAttributes(db, "product", input.attributes);
  const sku = input.sku ?? (await generateSku(db, skuText(input.name)));
  const key = input.sku ? await claimSku(db, input.sku) : sku;
  const row = await db.product.create({ data: { ...(input.id ? { id: input.id } : {}), ...columnsOf(input, sku, key) } as never });
  await setCategories(db, row.id, input.category_ids);
  await refreshProducts(db, [row.id]);
  const created = await getProduct(transactionReads(db), row.id);
  await recordAudit(db, { action: "create", entity: "product", entityId: row.id, label: created.name, after: created });
  return created;
}

export async function updateProduct(db: Db, id: string, input: ProductWriteOutput): Promise<Product> {
  const current = await findRecord(transactionReads(db), id);
  const before = toProduct(current);
  await checkReferences(db, input);
  await validateAttributes(db, "product", input.attributes);
  const sku = input.sku ?? current.sku;
  const key = input.sku && skuKey(input.sku) !== current.sku_key ? await claimSku(db, input.sku, { productId: id }) : current.sku_key;
  await db.product.update({ where: { id }, data: columnsOf(input, sku, key) });
  await setCategories(db, id, input.category_ids);
  await refreshProducts(db, [id]);
  const updated = await getProduct(transactionReads(db), id);
  await recordAudit(db, { action: "update", entity: "product", entityId: id, label: updated.name, before, after: updated });
  return updated;
}

/** Deletes a product with its variations and specifications; 409 while other records use it. */
export async function removeProduct(db: Db, id: string): Promise<void> {
  const current = await getProduct(transactionReads(db), id);
  const alternativeUnits = await db.alternativeUnit.count({ where: { product_id: id } });
  if (alternativeUnits > 0) {
    throw new AppError("conflict", `Product "${current.name}" is still used by ${alternativeUnits} alternative units`, {
      errors: [{ path: "id", message: "is still used", code: "in_use", params: { usages: { "alternative units": alternativeUnits } } }],
    });
  }
  await db.product.delete({ where: { id } });
  await recordAudit(db, { action: "delete", entity: "product", entityId: id, label: current.name, before: current });
}

/** POST /products/select: the products of these ids that exist, in the order asked. */
export async function selectProducts(read: ReadStatement, ids: string[]): Promise<Product[]> {
  return loadInOrder(read, [...new Set(ids.filter(isUuid))]);
}

/** POST /products/main-images: each product's main image, in the order asked (products without one left out). */
export async function mainImages(db: Db, ids: string[]): Promise<Array<{ product_id: string; resource_file_id: string; url: string }>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  const rows = wanted.length
    ? await db.product.findMany({ where: { id: { in: wanted } }, select: { id: true, images: true, organization_id: true } })
    : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    const main = row && mainImageOf(imagesOf(row, row.organization_id));
    return main ? [{ product_id: id, resource_file_id: main.resource_file_id, url: main.url }] : [];
  });
}

/** Enables or disables a product (the panel's row and bulk actions); an unchanged one records nothing. */
export async function setProductActive(db: Db, id: string, active: boolean): Promise<void> {
  const current = await findRow(db, id);
  if (current.active === active) return;
  await db.product.update({ where: { id }, data: { active } });
  await recordAudit(db, {
    action: "update",
    entity: "product",
    entityId: id,
    label: current.name,
    before: { active: current.active },
    after: { active },
  });
}

/** The write a product's record is: what an update that changes nothing would send (an import's starting point). */
export function writeOf(product: Product): ProductWriteOutput {
  return {
    name: product.name,
    sku: product.sku,
    description: product.description,
    brand_id: product.brand_id,
    category_ids: product.category_ids,
    measure_unit_id: product.measure_unit_id,
    price: product.price,
    ean: product.ean,
    ncm: product.ncm,
    cest: product.cest,
    origin: product.origin,
    ipi_rate: product.ipi_rate,
    weight: product.weight,
    active: product.active,
    track_stock: product.track_stock,
    images: product.images.map(({ resource_file_id, main, order }) => ({ resource_file_id, main, order })),
    attributes: product.attributes,
  };
}

/** Rows a bulk write sends per statement: large enough for few round trips, small enough that each step's own CPU stays short. */
const BATCH = 250;

/**
 * Many products created at once (an import, contract §14): each input already checked as POST
 * /products checks one, with its SKU chosen. The rows, their categories and the search index are
 * written 250 at a time; each product gets the audit entry its POST would. The SKUs'
 * unique index refuses one taken meanwhile (the caller's transaction then writes nothing).
 */
export async function createProducts(db: Db, inputs: ReadonlyArray<ProductWriteOutput & { sku: string }>): Promise<number> {
  let created = 0;
  for (let start = 0; start < inputs.length; start += BATCH) {
    const chunk = inputs.slice(start, start + BATCH).map((input) => ({ id: input.id ?? randomUUID(), input }));
    // One statement per 250 rows, its rows as one JSON parameter: Prisma's createMany binds each value on its own.
    const rows = chunk.map(({ id, input }) => {
      const columns = columnsOf(input, input.sku, skuKey(input.sku));
      return {
        ...columns,
        id,
        price: columns.price === null ? null : String(columns.price),
        weight: columns.weight === null ? null : String(columns.weight),
        cest: input.cest ?? null,
        origin: input.origin ?? 0,
        ipi_rate: input.ipi_rate === undefined || input.ipi_rate === null ? null : String(input.ipi_rate),
        track_stock: input.track_stock ?? true,
      };
    });
    await scopedExecute(
      db,
      (organization) => Prisma.sql`
      INSERT INTO products (id, organization_id, name, sku, sku_key, description, brand_id, measure_unit_id, price, ean, ncm, cest, origin,
                            ipi_rate, weight, active, track_stock, images, attributes, search_text, created_at, updated_at)
      SELECT v.id, ${organization}, v.name, v.sku, v.sku_key, v.description, v.brand_id, v.measure_unit_id, v.price::numeric, v.ean, v.ncm,
             v.cest, v.origin, v.ipi_rate::numeric, v.weight::numeric, v.active, v.track_stock, v.images, v.attributes, v.search_text, now(), now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, name text, sku text, sku_key text, description text, brand_id uuid,
             measure_unit_id uuid, price text, ean text, ncm text, cest text, origin int, ipi_rate text, weight text, active boolean,
             track_stock boolean, images jsonb, attributes jsonb, search_text text)`,
    );
    const categories = chunk.flatMap(({ id, input }) => input.category_ids.map((category_id) => ({ product_id: id, category_id })));
    if (categories.length > 0) await insertCategories(db, categories);
    const ids = chunk.map(({ id }) => id);
    await refreshProducts(db, ids);
    const records = await loadInOrder(transactionReads(db), ids);
    await recordAudits(
      db,
      records.map((record) => ({ action: "create", entity: "product", entityId: record.id, label: record.name, after: record })),
    );
    created += records.length;
  }
  return created;
}

/** Category links of many products, one statement. */
async function insertCategories(db: Db, links: ReadonlyArray<{ product_id: string; category_id: string }>): Promise<void> {
  await scopedExecute(
    db,
    (organization) => Prisma.sql`
    INSERT INTO product_categories (organization_id, product_id, category_id)
    SELECT ${organization}, v.product_id, v.category_id FROM jsonb_to_recordset(${JSON.stringify(links)}::jsonb) AS v(product_id uuid, category_id uuid)`,
  );
}

/**
 * Many products updated at once (an import): each `input` the whole write (the record with the
 * file's fields over it), checked as PUT /products/{id} checks one; images and attributes are
 * kept. One statement per 250 rows, audited with each product's before and after.
 */
export async function updateProducts(
  db: Db,
  updates: ReadonlyArray<{ before: Product; input: ProductWriteOutput & { sku: string } }>,
): Promise<number> {
  let updated = 0;
  for (let start = 0; start < updates.length; start += BATCH) {
    const chunk = updates.slice(start, start + BATCH);
    const rows = chunk.map(({ before, input }) => {
      const columns = columnsOf(input, input.sku, skuKey(input.sku));
      return {
        id: before.id,
        name: columns.name,
        sku: columns.sku,
        sku_key: columns.sku_key,
        description: columns.description,
        brand_id: columns.brand_id,
        measure_unit_id: columns.measure_unit_id,
        price: columns.price === null ? null : String(columns.price),
        ean: columns.ean,
        ncm: columns.ncm,
        cest: input.cest ?? null,
        origin: input.origin ?? before.origin,
        ipi_rate: input.ipi_rate === undefined ? before.ipi_rate : input.ipi_rate,
        weight: columns.weight === null ? null : String(columns.weight),
        active: columns.active,
        track_stock: input.track_stock ?? before.track_stock,
        search_text: columns.search_text,
      };
    });
    await scopedExecute(
      db,
      (organization) => Prisma.sql`
      UPDATE products AS p SET name = v.name, sku = v.sku, sku_key = v.sku_key, description = v.description, brand_id = v.brand_id,
             measure_unit_id = v.measure_unit_id, price = v.price::numeric, ean = v.ean, ncm = v.ncm, cest = v.cest, origin = v.origin,
             ipi_rate = v.ipi_rate::numeric, weight = v.weight::numeric, active = v.active, track_stock = v.track_stock,
             search_text = v.search_text, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id uuid, name text, sku text, sku_key text, description text,
             brand_id uuid, measure_unit_id uuid, price text, ean text, ncm text, cest text, origin int, ipi_rate text, weight text,
             active boolean, track_stock boolean, search_text text)
       WHERE p.organization_id = ${organization} AND p.id = v.id`,
    );
    const ids = chunk.map(({ before }) => before.id);
    const changedCategories = chunk.filter(
      ({ before, input }) => [...before.category_ids].sort().join() !== [...input.category_ids].sort().join(),
    );
    if (changedCategories.length > 0) {
      await db.productCategory.deleteMany({ where: { product_id: { in: changedCategories.map(({ before }) => before.id) } } });
      const categories = changedCategories.flatMap(({ before, input }) =>
        input.category_ids.map((category_id) => ({ product_id: before.id, category_id })),
      );
      if (categories.length > 0) await insertCategories(db, categories);
    }
    await refreshProducts(db, ids);
    const records = await loadInOrder(transactionReads(db), ids);
    const befores = new Map(chunk.map(({ before }) => [before.id, before]));
    await recordAudits(
      db,
      records.map((record) => ({
        action: "update",
        entity: "product",
        entityId: record.id,
        label: record.name,
        before: befores.get(record.id),
        after: record,
      })),
    );
    updated += records.length;
  }
  return updated;
}
