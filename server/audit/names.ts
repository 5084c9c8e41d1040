import type { Db } from "../db/scoped";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Who wrote a status change or a billet: "user:<id>" / "access-key:<id>" (also "access_key:"). */
const ACTOR = /^(user|access[-_]key):([0-9a-f-]{36})$/i;

type Kind =
  | "partner"
  | "company"
  | "seller"
  | "product"
  | "brand"
  | "category"
  | "measureUnit"
  | "warehouse"
  | "profile"
  | "paymentMethod"
  | "deliveryMethod"
  | "status"
  | "order"
  | "coupon"
  | "user"
  | "accessKey"
  | "variation"
  | "solution";

/** The fields of audited records that name another record by id, and its kind. */
const REFERENCES: Record<string, Kind> = {
  partner_id: "partner",
  company_id: "company",
  seller_id: "seller",
  product_id: "product",
  productId: "product",
  brand_id: "brand",
  category_id: "category",
  category_ids: "category",
  root_id: "category",
  measure_unit_id: "measureUnit",
  unit_id: "measureUnit",
  warehouse_id: "warehouse",
  warehouseId: "warehouse",
  profile_id: "profile",
  payment_method_id: "paymentMethod",
  paymentMethodId: "paymentMethod",
  delivery_method_id: "deliveryMethod",
  status: "status",
  status_id: "status",
  order_id: "order",
  orderId: "order",
  coupon_id: "coupon",
  user_id: "user",
  variation_id: "variation",
  origin_id: "solution",
  solution_id: "solution",
};

/** Every id the changes name, by kind (through the field that holds it, or an actor string). */
function collect(value: unknown, key: string, found: Map<Kind, Set<string>>): void {
  const add = (kind: Kind, id: string) => {
    let ids = found.get(kind);
    if (!ids) found.set(kind, (ids = new Set()));
    ids.add(id.toLowerCase());
  };
  if (typeof value === "string") {
    const kind = REFERENCES[key];
    if (kind && UUID.test(value)) add(kind, value);
    const actor = ACTOR.exec(value);
    if (actor?.[1] && actor[2] && UUID.test(actor[2])) add(actor[1].toLowerCase() === "user" ? "user" : "accessKey", actor[2]);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collect(item, key, found);
    return;
  }
  if (typeof value === "object" && value !== null) {
    // An update's {from, to} keeps the field's key; a record's fields bring their own.
    const entries = Object.entries(value);
    const isChange = entries.length === 2 && "from" in value && "to" in value;
    for (const [inner, item] of entries) collect(item, isChange ? key : inner, found);
  }
}

/**
 * The current names of the records the audit entries' changes name by id, so the log and
 * the timelines never show an id: partners, products, statuses (their titles), users,
 * orders ("nº 1.234"), ... keyed by id, and by "user:<id>" / "access-key:<id>" for the
 * actors of status changes and billets. A record since deleted is left out (its id stays).
 */
export async function referenceNames(db: Db, changes: readonly unknown[]): Promise<Map<string, string>> {
  const found = new Map<Kind, Set<string>>();
  for (const change of changes) collect(change, "", found);
  const ids = (kind: Kind) => [...(found.get(kind) ?? [])];
  const where = (kind: Kind) => ({ where: { id: { in: ids(kind) } } });
  const named = async <Row extends { id: string }>(kind: Kind, read: () => Promise<Row[]>, name: (row: Row) => string) =>
    ids(kind).length === 0 ? [] : (await read()).map((row) => [row.id, name(row)] as const);
  const byName = { select: { id: true, name: true } } as const;
  const lists = await Promise.all([
    named(
      "partner",
      () => db.partner.findMany({ ...where("partner"), ...byName }),
      (row) => row.name,
    ),
    named(
      "company",
      () => db.company.findMany({ ...where("company"), ...byName }),
      (row) => row.name,
    ),
    named(
      "seller",
      () => db.seller.findMany({ ...where("seller"), ...byName }),
      (row) => row.name,
    ),
    named(
      "product",
      () => db.product.findMany({ ...where("product"), ...byName }),
      (row) => row.name,
    ),
    named(
      "brand",
      () => db.brand.findMany({ ...where("brand"), ...byName }),
      (row) => row.name,
    ),
    named(
      "category",
      () => db.category.findMany({ ...where("category"), ...byName }),
      (row) => row.name,
    ),
    named(
      "measureUnit",
      () => db.measureUnit.findMany({ ...where("measureUnit"), select: { id: true, abbreviation: true, description: true } }),
      (row) => `${row.description} (${row.abbreviation})`,
    ),
    named(
      "warehouse",
      () => db.warehouse.findMany({ ...where("warehouse"), ...byName }),
      (row) => row.name,
    ),
    named(
      "profile",
      () => db.profile.findMany({ ...where("profile"), ...byName }),
      (row) => row.name,
    ),
    named(
      "paymentMethod",
      () => db.paymentMethod.findMany({ ...where("paymentMethod"), ...byName }),
      (row) => row.name,
    ),
    named(
      "deliveryMethod",
      () => db.deliveryMethod.findMany({ ...where("deliveryMethod"), ...byName }),
      (row) => row.name,
    ),
    named(
      "status",
      () => db.status.findMany({ ...where("status"), select: { id: true, title: true } }),
      (row) => row.title,
    ),
    named(
      "order",
      () => db.order.findMany({ ...where("order"), select: { id: true, number: true } }),
      (row) => `nº ${new Intl.NumberFormat("pt-BR").format(row.number)}`,
    ),
    named(
      "coupon",
      () => db.coupon.findMany({ ...where("coupon"), select: { id: true, code: true } }),
      (row) => row.code,
    ),
    named(
      "variation",
      () => db.variation.findMany({ ...where("variation"), ...byName }),
      (row) => row.name,
    ),
    named(
      "solution",
      () => db.solution.findMany({ ...where("solution"), ...byName }),
      (row) => row.name,
    ),
  ]);
  const [users, keys] = await Promise.all([
    named(
      "user",
      () => db.user.findMany({ ...where("user"), ...byName }),
      (row) => row.name,
    ),
    named(
      "accessKey",
      () => db.accessKey.findMany({ ...where("accessKey"), ...byName }),
      (row) => row.name,
    ),
  ]);
  return new Map([
    ...lists.flat(),
    ...users,
    ...users.map(([id, name]) => [`user:${id}`, name] as const),
    ...keys.map(([id, name]) => [`access-key:${id}`, name] as const),
    ...keys.map(([id, name]) => [`access_key:${id}`, name] as const),
  ]);
}

/** The names of `referenceNames` that one entry's changes use, as its `names`. */
export function namesFor(changes: unknown, names: ReadonlyMap<string, string>): Record<string, string> {
  const found = new Map<Kind, Set<string>>();
  collect(changes, "", found);
  const own: Record<string, string> = {};
  for (const [kind, ids] of found) {
    for (const id of ids) {
      const keys = kind === "user" ? [id, `user:${id}`] : kind === "accessKey" ? [`access-key:${id}`, `access_key:${id}`] : [id];
      for (const key of keys) {
        const name = names.get(key);
        if (name !== undefined) own[key] = name;
      }
    }
  }
  return own;
}
