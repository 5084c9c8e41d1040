"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
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
};

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
};

/** A field's label in the panel's words ("Nome fantasia"), else its API name. */
export function useFieldLabel(entity: string): (field: string) => string {
  const resource = entityResource[entity];
  const fields = useDynamicTranslations(resource ? `${resource}.fields` : "audit");
  return useCallback((field) => (resource && fields.has(field) ? fields(field) : field), [fields, resource]);
}

/** The label of a kind of record ("Parceiro"), else its code. */
export function useEntityLabel(): (entity: string) => string {
  const t = useDynamicTranslations();
  return useCallback(
    (entity) => {
      const resource = entityResource[entity];
      return resource && t.has(`${resource}.one`) ? t(`${resource}.one`) : entity;
    },
    [t],
  );
}

/** A logged value as a person reads it: yes/no, numbers and dates formatted, key/value pairs, never raw JSON. */
export function useAuditValue(): (value: unknown) => string {
  const common = useTranslations("common");
  const format = useFormat();
  return useCallback(
    (value: unknown): string => {
      const show = (item: unknown): string => {
        if (item === null || item === undefined || item === "") return EMPTY;
        if (typeof item === "boolean") return item ? common("yes") : common("no");
        if (typeof item === "number") return format.number(item, { maxDecimals: 4 });
        if (typeof item === "string") return /^\d{4}-\d{2}-\d{2}T/.test(item) ? format.dateTime(item) : item;
        if (Array.isArray(item)) return item.length === 0 ? EMPTY : item.map(show).join("; ");
        if (typeof item === "object") {
          const entries = Object.entries(item as Record<string, unknown>).filter(([key]) => key !== "id");
          return entries.length === 0 ? EMPTY : entries.map(([key, inner]) => `${key}: ${show(inner)}`).join(", ");
        }
        return String(item);
      };
      return show(value);
    },
    [common, format],
  );
}
