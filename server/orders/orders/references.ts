import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import type { AttributeDefinition } from "../../crud/validate-attributes";
import { Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import type { Phase } from "../../settings/statuses/phases";
import { taxWorldColumns, taxWorldOf, type TaxWorld, type TaxWorldRow } from "../../taxes/world";

/**
 * Everything an order's write names, read in one statement (issue 41): the partner (with
 * what its search text, its default address and its credit need), company, seller, status,
 * delivery method, products (unit, stock tracking), variations, warehouses, files, coupons,
 * payment methods, NF-e keys other orders use, the products' stock records, the org's initial statuses, default company
 * and warehouse, commercial settings, custom field definitions and what its taxes read (contract §12); for a sale, its sales
 * channel. A name that is no record of the org is simply absent: the writer names the field.
 */

export interface ReferenceRequest {
  partnerId?: string | null;
  companyId?: string | null;
  sellerId?: string | null;
  statusId?: string | null;
  deliveryMethodId?: string | null;
  solutionId?: string | null;
  productIds?: readonly string[];
  variationIds?: readonly string[];
  warehouseIds?: readonly string[];
  fileIds?: readonly string[];
  couponIds?: readonly string[];
  methodIds?: readonly string[];
  /** NF-e keys to check against other orders (`excludeOrderId`'s own are its). */
  invoiceKeys?: readonly string[];
  excludeOrderId?: string | null;
  /** The entities whose custom field definitions are read ("order", "sale"). */
  attributeEntities?: readonly string[];
}

export interface PartnerReference {
  id: string;
  name: string;
  trade_name: string | null;
  fiscal_registration_number: string;
  phone: string | null;
  mobile: string | null;
  addresses: Prisma.JsonValue;
  credit_limit: string | null;
  credit_blocked: boolean;
  /** Contract §12: what its taxes read (the IE indicator and final consumer as set; the State Registration). */
  state_registration: string | null;
  ie_indicator: number | null;
  final_consumer: boolean | null;
}

/** A product as an order names it: its unit, stock tracking and fiscal data (contract §12). */
export interface ProductReference {
  id: string;
  unit: string | null;
  decimals: number;
  track_stock: boolean;
  ncm: string | null;
  cest: string | null;
  origin: number;
  ipi_rate: string | null;
}

export interface MethodReference {
  id: string;
  name: string;
  type: string | null;
  active: boolean;
  vendor: string | null;
  condition: Prisma.JsonValue;
  installments: Prisma.JsonValue;
  minimum_installment_value: string | null;
}

export interface CouponReference {
  id: string;
  active: boolean;
  start_date: string | null;
  end_date: string | null;
  max_uses: number | null;
  uses: number;
}

export interface DeliveryMethodReference {
  id: string;
  name: string;
  type: string;
  price_type: string;
  custom_label: string | null;
  notes: string | null;
  period_type: string | null;
  period_start: string | null;
  period_end: string | null;
}

export interface References {
  partner: PartnerReference | null;
  company: { id: string } | null;
  seller: SellerReference | null;
  status: { id: string; title: string; type: string; phase: Phase | null } | null;
  initial: { order: { id: string; phase: Phase | null } | null; sale: { id: string } | null; financial: { id: string } | null };
  /** The org's first ORDER status of the CANCELED phase (a rejection moves there). */
  canceled: { id: string } | null;
  deliveryMethod: DeliveryMethodReference | null;
  solution: { id: string; active: boolean } | null;
  products: Map<string, ProductReference>;
  variations: Map<string, { id: string; product_id: string }>;
  warehouses: Set<string>;
  files: Set<string>;
  coupons: Map<string, CouponReference>;
  methods: Map<string, MethodReference>;
  takenInvoiceKeys: Set<string>;
  /** The org's stock records of the products, by key (company/warehouse/product/variation; stock-effects.ts). */
  records: Map<string, string>;
  defaults: { company: string | null; warehouse: string | null };
  settings: { overdue_tolerance_days: number; quote_validity_days: number };
  attributes: Map<string, AttributeDefinition[]>;
  /** Contract §12: the issuer (the order's company, else the default one), the org's tax rules, UF table and settings. */
  taxes: TaxWorld;
}

export interface SellerReference {
  id: string;
  max_discount_percent: string;
  commission_rate: string | null;
}

interface ReferenceRow extends TaxWorldRow {
  partner: PartnerReference | null;
  company: { id: string } | null;
  seller: SellerReference | null;
  canceled: { id: string } | null;
  status: References["status"];
  initial_order: { id: string; phase: Phase | null } | null;
  initial_sale: { id: string } | null;
  initial_financial: { id: string } | null;
  delivery_method: DeliveryMethodReference | null;
  solution: { id: string; active: boolean } | null;
  products: Array<Omit<ProductReference, "decimals"> & { decimals: number | null }>;
  variations: Array<{ id: string; product_id: string }>;
  warehouses: string[];
  files: string[];
  coupons: CouponReference[];
  methods: MethodReference[];
  taken_keys: string[];
  records: Array<{ id: string; company_id: string; warehouse_id: string; product_id: string; variation_key: string }>;
  default_company: string | null;
  default_warehouse: string | null;
  settings: { overdue_tolerance_days: number; quote_validity_days: number };
  attributes: Array<AttributeDefinition & { entity: string }>;
}

const one = (id: string | null | undefined) => (id && isUuid(id) ? id : null);
const ids = (list: readonly string[] | undefined) => [...new Set((list ?? []).filter(isUuid))];

/** What `request` names, read in one statement. */
export async function readReferences(db: Db, request: ReferenceRequest): Promise<References> {
  const [row] = await scopedQuery<ReferenceRow>(
    db,
    (org) => Prisma.sql`
    SELECT
      (SELECT json_build_object('id', p.id, 'name', p.name, 'trade_name', p.trade_name, 'fiscal_registration_number', p.fiscal_registration_number,
                                'phone', p.phone, 'mobile', p.mobile, 'addresses', p.addresses, 'credit_limit', p.credit_limit::text,
                                'credit_blocked', p.credit_blocked, 'state_registration', p.state_registration,
                                'ie_indicator', p.ie_indicator, 'final_consumer', p.final_consumer)
         FROM partners p WHERE p.organization_id = ${org} AND p.id = ${one(request.partnerId)}::uuid) AS partner,
      (SELECT json_build_object('id', c.id) FROM companies c WHERE c.organization_id = ${org} AND c.id = ${one(request.companyId)}::uuid) AS company,
      (SELECT json_build_object('id', s.id, 'max_discount_percent', s.max_discount_percent::text, 'commission_rate', s.commission_rate::text)
         FROM sellers s WHERE s.organization_id = ${org} AND s.id = ${one(request.sellerId)}::uuid) AS seller,
      (SELECT json_build_object('id', st.id, 'title', st.title, 'type', st.type, 'phase', st.phase)
         FROM statuses st WHERE st.organization_id = ${org} AND st.id = ${one(request.statusId)}::uuid) AS status,
      (SELECT json_build_object('id', st.id, 'phase', st.phase) FROM statuses st WHERE st.organization_id = ${org} AND st.type = 'ORDER'
         ORDER BY st.is_initial DESC, st."order", st.created_at LIMIT 1) AS initial_order,
      (SELECT json_build_object('id', st.id) FROM statuses st WHERE st.organization_id = ${org} AND st.type = 'ORDER' AND st.phase = 'CANCELED'
         ORDER BY st."order", st.created_at LIMIT 1) AS canceled,
      (SELECT json_build_object('id', st.id) FROM statuses st WHERE st.organization_id = ${org} AND st.type = 'SALE'
         ORDER BY st.is_initial DESC, st."order", st.created_at LIMIT 1) AS initial_sale,
      (SELECT json_build_object('id', st.id) FROM statuses st WHERE st.organization_id = ${org} AND st.type = 'FINANCIAL'
         ORDER BY st.is_initial DESC, st."order", st.created_at LIMIT 1) AS initial_financial,
      (SELECT json_build_object('id', d.id, 'name', d.name, 'type', d.type, 'price_type', d.price_type, 'custom_label', d.custom_label,
                                'notes', d.notes, 'period_type', d.period_type, 'period_start', d.period_start::text, 'period_end', d.period_end::text)
         FROM delivery_methods d WHERE d.organization_id = ${org} AND d.id = ${one(request.deliveryMethodId)}::uuid) AS delivery_method,
      (SELECT json_build_object('id', so.id, 'active', so.active)
         FROM solutions so WHERE so.organization_id = ${org} AND so.id = ${one(request.solutionId)}::uuid) AS solution,
      COALESCE((SELECT json_agg(json_build_object('id', pr.id, 'unit', mu.abbreviation, 'decimals', mu.decimals_for_quantity, 'track_stock', pr.track_stock,
                                                  'ncm', pr.ncm, 'cest', pr.cest, 'origin', pr.origin, 'ipi_rate', pr.ipi_rate::text))
         FROM products pr LEFT JOIN measure_units mu ON mu.organization_id = pr.organization_id AND mu.id = pr.measure_unit_id
         WHERE pr.organization_id = ${org} AND pr.id = ANY(${ids(request.productIds)}::uuid[])), '[]') AS products,
      COALESCE((SELECT json_agg(json_build_object('id', v.id, 'product_id', v.product_id))
         FROM product_variations v WHERE v.organization_id = ${org} AND v.id = ANY(${ids(request.variationIds)}::uuid[])), '[]') AS variations,
      COALESCE((SELECT json_agg(w.id) FROM warehouses w WHERE w.organization_id = ${org} AND w.id = ANY(${ids(request.warehouseIds)}::uuid[])), '[]')
        AS warehouses,
      COALESCE((SELECT json_agg(f.id) FROM resource_files f WHERE f.organization_id = ${org} AND f.id = ANY(${ids(request.fileIds)}::uuid[])), '[]')
        AS files,
      COALESCE((SELECT json_agg(json_build_object('id', cp.id, 'active', cp.active, 'start_date', cp.start_date, 'end_date', cp.end_date,
                                                  'max_uses', cp.max_uses, 'uses', cp.uses))
         FROM coupons cp WHERE cp.organization_id = ${org} AND cp.id = ANY(${ids(request.couponIds)}::uuid[])), '[]') AS coupons,
      COALESCE((SELECT json_agg(json_build_object('id', m.id, 'name', m.name, 'type', m.type, 'active', m.active, 'vendor', m.vendor,
                                                  'condition', m.condition, 'installments', m.installments,
                                                  'minimum_installment_value', m.minimum_installment_value::text))
         FROM payment_methods m WHERE m.organization_id = ${org} AND m.id = ANY(${ids(request.methodIds)}::uuid[])), '[]') AS methods,
      COALESCE((SELECT json_agg(k.invoice_key) FROM order_invoices k
         WHERE k.organization_id = ${org} AND k.invoice_key = ANY(${[...(request.invoiceKeys ?? [])]}::text[])
           AND k.order_id IS DISTINCT FROM ${one(request.excludeOrderId)}::uuid), '[]') AS taken_keys,
      COALESCE((SELECT json_agg(json_build_object('id', si.id, 'company_id', si.company_id, 'warehouse_id', si.warehouse_id,
                                                  'product_id', si.product_id, 'variation_key', si.variation_key))
         FROM stock_inventories si WHERE si.organization_id = ${org} AND si.product_id = ANY(${ids(request.productIds)}::uuid[])), '[]')
        AS records,
      (SELECT c.id FROM companies c WHERE c.organization_id = ${org} AND c.is_default LIMIT 1) AS default_company,
      (SELECT w.id FROM warehouses w WHERE w.organization_id = ${org} AND w.is_default LIMIT 1) AS default_warehouse,
      (SELECT json_build_object('overdue_tolerance_days', o.overdue_tolerance_days, 'quote_validity_days', o.quote_validity_days)
         FROM organizations o WHERE o.id = ${org}) AS settings,
      COALESCE((SELECT json_agg(json_build_object('entity', a.entity, 'key', a.key, 'label', a.label, 'type', a.type, 'options', a.options,
                                                  'required', a.required) ORDER BY a.created_at)
         FROM entity_attributes a WHERE a.organization_id = ${org} AND a.active
           AND a.entity = ANY(${[...(request.attributeEntities ?? [])]}::text[])), '[]') AS attributes,
      ${taxWorldColumns(org, one(request.companyId))}`,
  );
  if (!row) throw new Error("the references' statement answers one row");
  const attributes = new Map<string, AttributeDefinition[]>();
  for (const { entity, ...definition } of row.attributes) attributes.set(entity, [...(attributes.get(entity) ?? []), definition]);
  return {
    partner: row.partner,
    company: row.company,
    seller: row.seller,
    status: row.status,
    initial: { order: row.initial_order, sale: row.initial_sale, financial: row.initial_financial },
    canceled: row.canceled,
    deliveryMethod: row.delivery_method,
    solution: row.solution,
    products: new Map(row.products.map((product) => [product.id, { ...product, decimals: product.decimals ?? 0 }])),
    variations: new Map(row.variations.map((variation) => [variation.id, variation])),
    warehouses: new Set(row.warehouses),
    files: new Set(row.files),
    coupons: new Map(row.coupons.map((coupon) => [coupon.id, coupon])),
    methods: new Map(row.methods.map((method) => [method.id, method])),
    takenInvoiceKeys: new Set(row.taken_keys),
    records: new Map(
      row.records.map((record) => [[record.company_id, record.warehouse_id, record.product_id, record.variation_key].join("/"), record.id]),
    ),
    defaults: { company: row.default_company, warehouse: row.default_warehouse },
    settings: row.settings,
    attributes,
    taxes: taxWorldOf(row),
  };
}
