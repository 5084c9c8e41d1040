import { activeWhere } from "../../lib/paging";
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import { Prisma, type PaymentMethod as PaymentMethodRow } from "../../generated/prisma/client";
import { defineCrud, driverRead } from "../../crud/crud";
import { decrypt, encrypt, mask } from "../../lib/encryption";
import { toJsonNumber } from "../../lib/money";
import {
  paymentMethod,
  paymentMethodFilters,
  paymentMethodListRecord,
  paymentMethodRules,
  paymentMethodWrite,
  type PaymentMethod,
  type PaymentMethodListRecord,
  type PaymentMethodWriteOutput,
} from "./schemas";

/** The provider as stored: everything but the secret, which lives encrypted apart. */
type StoredProvider = {
  id: string;
  vendor: string | null;
  image: string | null;
  access_key: string | null;
  attributes: Record<string, string>;
};
type StoredDueDate = { type: string; value: number } | null;
type StoredCondition = { id: string; type: string; due_date: StoredDueDate; subsequent_due_date: StoredDueDate };
type StoredInstallment = {
  id: string;
  sequence: number;
  installment_id: string | number | null;
  tax: number;
  discount: number;
  due_date_delay: number;
  due_date_type: string;
  attributes: Record<string, unknown>;
};

/** The secret as answered: masked, or null when there is none (or it cannot be read). */
function maskedSecret(sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return mask(decrypt(sealed));
  } catch {
    // Sealed with another APP_ENCRYPTION_KEY: unusable, and never shown.
    return null;
  }
}

/**
 * The encrypted secret after a write (contract §2): omitted, or the masked value sent
 * back, keeps the stored one; an empty string removes it; anything else replaces it.
 */
function sealedSecret(sent: string | null | undefined, stored: string | null): string | null {
  if (sent === undefined || sent === null) return stored;
  if (sent === "") return null;
  if (stored && sent === maskedSecret(stored)) return stored;
  return encrypt(sent);
}

function toDetail(row: PaymentMethodRow): PaymentMethod {
  const stored = row.provider as StoredProvider | null;
  return {
    ...toListRecord(row),
    capture_delay: row.capture_delay,
    provider: stored
      ? {
          id: stored.id,
          vendor: stored.vendor ?? null,
          image: stored.image ?? null,
          access_key: stored.access_key ?? null,
          secret_key: maskedSecret(row.provider_secret_encrypted),
          attributes: stored.attributes ?? {},
        }
      : null,
    condition: row.condition as StoredCondition | null,
    installments: (row.installments as StoredInstallment[]).map((installment) => ({ ...installment, payment_method_id: row.id })),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toListRecord(row: PaymentMethodRow): PaymentMethodListRecord {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    minimum_value: toJsonNumber(row.minimum_value),
    maximum_value: toJsonNumber(row.maximum_value),
    active: row.active,
    adjustment_rate: toJsonNumber(row.adjustment_rate),
    minimum_installment_value: toJsonNumber(row.minimum_installment_value),
    vendor: row.vendor,
    always_visible: row.always_visible,
    attributes: row.attributes as Record<string, unknown>,
  };
}

/** Database data of a write: the secret sealed, ids of the nested objects kept stable. */
async function toData(input: PaymentMethodWriteOutput, db: Db, id?: string) {
  const current = id
    ? await db.paymentMethod.findFirst({
        where: { id },
        select: { provider: true, provider_secret_encrypted: true, condition: true, installments: true },
      })
    : null;
  const currentProvider = (current?.provider ?? null) as StoredProvider | null;
  let provider: StoredProvider | null = currentProvider;
  let secret = current?.provider_secret_encrypted ?? null;
  if (input.provider === null) {
    provider = null;
    secret = null;
  } else if (input.provider) {
    const sent = input.provider;
    provider = {
      id: currentProvider?.id ?? randomUUID(),
      vendor: sent.vendor || null,
      image: sent.image || null,
      access_key: sent.access_key ?? null,
      attributes: sent.attributes,
    };
    secret = sealedSecret(sent.secret_key, secret);
  }

  const currentCondition = (current?.condition ?? null) as StoredCondition | null;
  const condition: StoredCondition | null = input.condition
    ? {
        id: currentCondition?.id ?? randomUUID(),
        type: input.condition.type,
        due_date: input.condition.due_date ?? null,
        subsequent_due_date: input.condition.subsequent_due_date ?? null,
      }
    : null;

  const idsBySequence = new Map(((current?.installments ?? []) as StoredInstallment[]).map((item) => [item.sequence, item.id]));
  const installments: StoredInstallment[] = [...input.installments]
    .sort((a, b) => a.sequence - b.sequence)
    .map((item) => ({
      id: item.id ?? idsBySequence.get(item.sequence) ?? randomUUID(),
      sequence: item.sequence,
      installment_id: item.installment_id ?? null,
      tax: item.tax,
      discount: item.discount,
      due_date_delay: item.due_date_delay,
      due_date_type: item.due_date_type,
      attributes: item.attributes,
    }));

  return {
    ...(id ? {} : input.id ? { id: input.id } : {}),
    name: input.name,
    type: input.type ?? null,
    minimum_value: input.minimum_value ?? null,
    maximum_value: input.maximum_value ?? null,
    active: input.active,
    adjustment_rate: input.adjustment_rate ?? null,
    minimum_installment_value: input.minimum_installment_value ?? null,
    always_visible: input.always_visible,
    capture_delay: input.capture_delay,
    vendor: provider?.vendor ?? null,
    provider: provider ?? Prisma.DbNull,
    provider_secret_encrypted: provider ? secret : null,
    condition: condition ?? Prisma.DbNull,
    installments,
    attributes: input.attributes,
  };
}

export const paymentMethods = defineCrud({
  noun: "Payment method",
  entity: "payment_method",
  path: "/payment-methods",
  tag: "Payment methods",
  model: (db) => db.paymentMethod,
  read: driverRead("PaymentMethod", Prisma.PaymentMethodScalarFieldEnum),
  write: paymentMethodWrite,
  detail: paymentMethod,
  listRecord: paymentMethodListRecord,
  filters: {
    schema: paymentMethodFilters,
    where: ({ only_active, active, vendor, always_visible, with_vendor }) => ({
      AND: [
        activeWhere({ only_active, active }),
        vendor ? { vendor: { equals: vendor, mode: "insensitive" } } : {},
        always_visible === undefined ? {} : { always_visible },
        with_vendor === undefined ? {} : with_vendor ? { vendor: { not: null } } : { vendor: null },
      ],
    }),
  },
  searchFields: (input) => [input.name],
  sortable: [
    "id",
    "name",
    "type",
    "minimum_value",
    "maximum_value",
    "active",
    "adjustment_rate",
    "minimum_installment_value",
    "vendor",
    "always_visible",
  ],
  defaultSort: "name",
  beforeWrite: async (_db, input) => {
    const errors = paymentMethodRules(input);
    if (errors.length > 0) {
      throw new AppError("validation_failed", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
    }
  },
  toData,
  toDetail,
  toListRecord,
});
