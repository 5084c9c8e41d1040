"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { Fragment, useCallback } from "react";
import { EMPTY, useFormat } from "@/lib/format";
import { useDynamicTranslations } from "@/lib/i18n";

/** The message namespace whose `fields` name each audited kind of record's fields. */
export const entityResource: Record<string, string> = {
  brand: "brands",
  category: "categories",
  product: "products",
  alternative_unit: "alternativeUnits",
  measure_unit: "measureUnits",
  variation: "variations",
  warehouse: "warehouses",
  profile: "profiles",
  partner: "partners",
  seller: "sellers",
  company: "companies",
  status: "statuses",
  payment_method: "paymentMethods",
  delivery_method: "deliveryMethods",
  coupon: "coupons",
  entity_attribute: "customFields",
  user: "users",
  access_key: "accessKeys",
  order: "orders",
  sale: "sales",
  financial: "financials",
  price_table: "priceTables",
  discount: "discounts",
  solution: "solutions",
  webhook: "webhooks",
  stock: "stock",
  product_variation: "productVariations",
  product_specification: "productSpecifications",
};

/** Every kind of record the audit log holds (the audit page filters by them). */
export const auditedEntities: readonly string[] = [...Object.keys(entityResource), "resource_file", "order_report"];

/** Every action the audit log records (the audit page filters by them). */
export const auditActions = [
  "create",
  "update",
  "delete",
  "enable",
  "disable",
  "capture",
  "redeliver",
  "reset_password",
  "change_password",
  "revoke",
] as const;

/** Where a record of an audited kind is shown (its page), if it has one. */
export const entityPath: Record<string, string> = {
  brand: "/brands",
  category: "/categories",
  product: "/products",
  alternative_unit: "/alternative-units",
  measure_unit: "/measure-units",
  variation: "/variations",
  warehouse: "/warehouses",
  profile: "/profiles",
  partner: "/partners",
  seller: "/sellers",
  company: "/companies",
  status: "/statuses",
  payment_method: "/payment-methods",
  delivery_method: "/delivery-methods",
  coupon: "/coupons",
  entity_attribute: "/custom-fields",
  user: "/users",
  order: "/orders",
  sale: "/sales",
  financial: "/financials",
  price_table: "/price-tables",
  discount: "/discounts",
  solution: "/solutions",
  webhook: "/webhooks",
  stock: "/stock",
};

/** The fields that point to another record, and where that record is shown. */
const referencePath: Record<string, string> = {
  partner_id: "/partners",
  company_id: "/companies",
  seller_id: "/sellers",
  product_id: "/products",
  productId: "/products",
  brand_id: "/brands",
  category_id: "/categories",
  category_ids: "/categories",
  root_id: "/categories",
  measure_unit_id: "/measure-units",
  unit_id: "/measure-units",
  warehouse_id: "/warehouses",
  profile_id: "/profiles",
  payment_method_id: "/payment-methods",
  paymentMethodId: "/payment-methods",
  delivery_method_id: "/delivery-methods",
  status: "/statuses",
  status_id: "/statuses",
  order_id: "/orders",
  orderId: "/orders",
  sale_id: "/sales",
  financial_id: "/financials",
  variation_id: "/variations",
  coupon_id: "/coupons",
  user_id: "/users",
  origin_id: "/solutions",
};

/** Enum fields and the message namespaces that label their values (the first that knows a value wins). */
const enumLabels: Record<string, readonly string[]> = {
  type: [
    "enums.paymentMethodType",
    "enums.statusType",
    "enums.deliveryType",
    "enums.couponType",
    "enums.attributeType",
    "enums.addressType",
    "enums.conditionType",
    "stock.types",
    "discounts.rangeTypes",
  ],
  role: ["enums.role"],
  address_type: ["enums.addressType"],
  shipment_address_type: ["enums.addressType"],
  display_type: ["enums.displayType"],
  delivery_method_type: ["enums.deliveryType"],
  price_type: ["enums.deliveryPriceType"],
  delivery_method_price_type: ["enums.deliveryPriceType"],
  period_type: ["enums.deliveryPeriodType"],
  delivery_method_period_type: ["enums.deliveryPeriodType"],
  payment_method_type: ["enums.paymentMethodType"],
  rate_type: ["priceTables.rateTypes"],
  value_type: ["priceTables.valueTypes", "enums.couponValueType"],
  entity: ["enums.attributeEntity"],
  weekday: ["enums.weekday"],
  events: ["webhooks.eventTypes"],
  event_type: ["webhooks.eventTypes"],
};

/** Money fields of the audited records: shown in R$. */
const MONEY = new Set([
  "price",
  "value",
  "amount",
  "total_value",
  "order_value",
  "discount_value",
  "freight_value",
  "full_value",
  "unit_value",
  "unitValue",
  "discount",
  "paying_off_value",
  "reversed_value",
  "minimum_value",
  "maximum_value",
  "minimum_installment_value",
  "base_price",
  "unit_price",
  "totalValue",
  "credit_limit",
]);

/** Who wrote a status change or a billet, as stored: "user:<id>" / "access-key:<id>". */
const ACTOR = /^(user|access[-_]key):[0-9a-f-]{36}$/i;

/** Parts of a snapshot that repeat what its history card shows, or count things internally: never listed. */
const HIDDEN = new Set(["statuses", "_count", "id"]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T/;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** An id as people read it: its first eight characters (the whole id on hover). */
export function shortId(id: string): string {
  return `${id.slice(0, 8)}…`;
}

/** Where the record an audit entry is about is shown: its page, or its product's (variations, specifications). */
export function recordHref(event: {
  entity: string;
  entity_id: string;
  action: string;
  changes: Record<string, unknown>;
}): string | undefined {
  if (event.action === "delete") return undefined;
  const path = entityPath[event.entity];
  if (path) return `${path}/${event.entity_id}`;
  if (event.entity === "product_variation" || event.entity === "product_specification") {
    const product = event.changes.product_id;
    const id = typeof product === "string" ? product : isChange(product) && typeof product.to === "string" ? product.to : undefined;
    return id ? `/products/${id}` : undefined;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `{from, to}`: one field's change in an update. */
export function isChange(value: unknown): value is { from: unknown; to: unknown } {
  return typeof value === "object" && value !== null && "from" in value && "to" in value && Object.keys(value).length === 2;
}

/** The name of the record a reference field points to, when the snapshot holds it next to the id (`partner_name`, `partner.name`, `status_detail.title`). */
function nameOf(key: string, siblings: Record<string, unknown>): { name: string; source: string } | undefined {
  const base = key.replace(/(_ids?|Id)$/, "");
  for (const source of [`${base}_name`, `${base}Name`, `${base}_title`, base, `${base}_detail`, `${key}_detail`]) {
    if (source === key) continue;
    const value = siblings[source];
    if (typeof value === "string" && value !== "") return { name: value, source };
    if (isRecord(value)) {
      const named = value.name ?? value.title;
      if (typeof named === "string" && named !== "") return { name: named, source };
    }
  }
  return undefined;
}

export interface AuditValueRenderer {
  /** A field's label in the panel's words ("Nome fantasia"), else its API name. */
  label: (field: string) => string;
  /**
   * A logged value as a person reads it: yes/no, numbers and dates formatted, enum codes
   * by their labels, ids as links named by what the snapshot knows of them (else
   * shortened), nested records as their labelled fields. `siblings` is what sits next to
   * the value (to name the record an id points to).
   */
  value: (field: string, value: unknown, siblings?: Record<string, unknown>) => React.ReactNode;
  /** The fields of a snapshot worth listing: not the hidden ones, nor the names an id next to them already shows. */
  shown: (record: Record<string, unknown>) => string[];
}

/**
 * How the audit log's values of one kind of record read (its fields' labels, its enums),
 * with the names the entry carries for the ids it holds (`names` of the audit API).
 */
export function useAuditValues(entity: string, names: Readonly<Record<string, string>> = {}): AuditValueRenderer {
  const resource = entityResource[entity];
  const fields = useDynamicTranslations(resource ? `${resource}.fields` : "auditFields");
  const common = useDynamicTranslations("auditFields");
  const all = useDynamicTranslations();
  const yesNo = useTranslations("common");
  const format = useFormat();

  const label = useCallback(
    (field: string) => (resource && fields.has(field) ? fields(field) : common.has(field) ? common(field) : field),
    [fields, common, resource],
  );

  const enumLabel = useCallback(
    (field: string, value: string): string | undefined => {
      const key = field === "events" || field === "event_type" ? value.replaceAll(".", "_") : value;
      const namespace = enumLabels[field]?.find((candidate) => all.has(`${candidate}.${key}`));
      return namespace ? all(`${namespace}.${key}`) : undefined;
    },
    [all],
  );

  const shown = useCallback((record: Record<string, unknown>) => {
    const sources = new Set(
      Object.keys(record).flatMap((key) =>
        referencePath[key] && typeof record[key] === "string" && UUID.test(record[key]) ? [nameOf(key, record)?.source ?? ""] : [],
      ),
    );
    return Object.keys(record).filter((key) => !HIDDEN.has(key) && !sources.has(key));
  }, []);

  const value = useCallback(
    (field: string, logged: unknown, context: Record<string, unknown> = {}): React.ReactNode => {
      const show = (key: string, item: unknown, siblings: Record<string, unknown>): React.ReactNode => {
        if (item === null || item === undefined || item === "") return EMPTY;
        if (typeof item === "boolean") return item ? yesNo("yes") : yesNo("no");
        if (typeof item === "number") {
          // A value next to a percentage type is a percent (coupons, discount ranges, table criteria).
          const percent = siblings.value_type === "PERCENTAGE" || siblings.type === "PERCENTAGE";
          if (MONEY.has(key)) return percent ? format.percent(item) : format.money(item);
          return enumLabel(key, String(item)) ?? format.number(item, { maxDecimals: 4 });
        }
        if (typeof item === "string") {
          if (ACTOR.test(item)) return names[item] ?? names[item.replace("access_key:", "access-key:")] ?? EMPTY;
          if (UUID.test(item)) {
            const path = referencePath[key];
            const name = nameOf(key, siblings)?.name ?? names[item.toLowerCase()] ?? names[item];
            const text = name ?? shortId(item);
            return path ? (
              <Link href={`${path}/${item}`} title={item} className="underline underline-offset-2">
                {text}
              </Link>
            ) : (
              <span title={item} className={name ? undefined : "font-mono"}>
                {text}
              </span>
            );
          }
          if (INSTANT.test(item)) return format.dateTime(item);
          if (CALENDAR_DAY.test(item)) return format.date(item);
          return enumLabel(key, item) ?? item;
        }
        if (Array.isArray(item)) {
          if (item.length === 0) return EMPTY;
          return item.map((inner, index) => (
            <Fragment key={index}>
              {index > 0 && "; "}
              {show(key, inner, siblings)}
            </Fragment>
          ));
        }
        if (isRecord(item)) {
          const keys = shown(item);
          if (keys.length === 0) return EMPTY;
          return keys.map((inner, index) => (
            <Fragment key={inner}>
              {index > 0 && ", "}
              {label(inner)}: {show(inner, item[inner], item)}
            </Fragment>
          ));
        }
        return String(item);
      };
      return show(field, logged, context);
    },
    [enumLabel, format, label, shown, yesNo, names],
  );

  return { label, value, shown };
}

/** The label of a kind of record ("Parceiro"), else its code. */
export function useEntityLabel(): (entity: string) => string {
  const t = useDynamicTranslations();
  return useCallback(
    (entity) => {
      const resource = entityResource[entity];
      if (t.has(`auditLog.entities.${entity}`)) return t(`auditLog.entities.${entity}`);
      return resource && t.has(`${resource}.one`) ? t(`${resource}.one`) : entity;
    },
    [t],
  );
}
