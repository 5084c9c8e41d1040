import { z } from "zod";
import { isValidBoletoCode, normalizeBoletoCode } from "../../lib/boleto";
import { dateInput, dateTimeInput, periodEndInput } from "../../lib/calendar";
import { moneyInput } from "../../lib/money";
import { pagingInput, queryBoolean } from "../../lib/paging";
import { isValidBrCode } from "../../lib/pix";
import { attributes, clientId, uuid } from "../../lib/schemas";

/** `payment_billet.bar_code`: a boleto bar code (44 digits) or linha digitável (47) whose check digits hold. */
const BOLETO_MESSAGE = "must be a boleto bar code (44 digits) or linha digitável (47 digits) with valid check digits";
const BR_CODE_MESSAGE = "must be a PIX BR Code whose CRC16 checks";

export const boletoCode = z.string().trim().max(60).refine(isValidBoletoCode, BOLETO_MESSAGE).transform(normalizeBoletoCode);

/** A PIX BR Code (EMV payload whose CRC16 checks). */
export const brCode = z.string().trim().max(1000).refine(isValidBrCode, BR_CODE_MESSAGE);

export const paymentBilletWrite = z.object({
  resource_file_id: uuid.nullish(),
  bar_code: boletoCode.nullish(),
  qr_code: brCode.nullish(),
});

export const pixWrite = z.object({
  qr_code: brCode.nullish(),
  resource_file_id: uuid.nullish(),
});

/** Body of POST and PUT /financials (interface "Financial record"; `pix` beyond it, contract §7). */
export const financialWrite = z.object({
  id: clientId,
  partner_id: uuid,
  value: moneyInput,
  paying_off_value: moneyInput,
  /** Required by the interface; null while nothing was paid. */
  paying_off_date: dateTimeInput.nullable(),
  reversed_value: moneyInput,
  reversed_date: dateTimeInput.nullable(),
  due_date: dateTimeInput,
  /** A FINANCIAL status id. */
  status: z.string().trim().min(1, "is required"),
  attachments: z
    .array(uuid)
    .max(20, "at most 20 attachments")
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, "lists a file twice")
    .meta({ override: { uniqueItems: true } }),
  order_id: uuid.nullish(),
  type: z.string().trim().max(40).nullish(),
  payment_billet: paymentBilletWrite.nullish(),
  pix: pixWrite.nullish(),
  attributes: attributes.default({}),
});
export type FinancialWrite = z.input<typeof financialWrite>;
export type FinancialWriteOutput = z.output<typeof financialWrite>;

const card = z.object({
  financial_id: z.string(),
  brand: z.string().nullable(),
  holder: z.string().nullable(),
  /** Masked: only the last four digits are kept. */
  number: z.string().nullable(),
  expiration_month: z.string().nullable(),
  expiration_year: z.string().nullable(),
  nsu: z.string().nullable(),
  tid: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type FinancialCard = z.output<typeof card>;

export const pix = z.object({ qr_code: z.string().nullable(), resource_file_id: z.string().nullable() });
export type FinancialPix = z.output<typeof pix>;

export const paymentBillet = z.object({
  financial_id: z.string(),
  bar_code: z.string().nullable(),
  qr_code: z.string().nullable(),
  resource_file_id: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type FinancialBillet = z.output<typeof paymentBillet>;

export const financialAttachment = z.object({
  id: z.string(),
  is_payment_billet: z.boolean(),
  payment_billet_bar_code: z.string().nullable(),
  payment_billet_qr_code: z.string().nullable(),
  resource_files: z.array(z.object({ id: z.string(), fileName: z.string() })),
});

/** A list record (interface), plus `overdue`, `installment`, `sale_id` and `order_number`. */
export const financialListRecord = z.object({
  id: z.string(),
  partner_id: z.string(),
  partner_name: z.string(),
  value: z.number(),
  paying_off_value: z.number(),
  paying_off_date: z.string().nullable(),
  due_date: z.string(),
  /** The FINANCIAL status id. */
  status: z.string(),
  order_id: z.string().nullable(),
  /** The order's number in the org ("Pedido nº 1.234"). */
  order_number: z.number().int().nullable(),
  sale_id: z.string().nullable(),
  installment: z.number().nullable(),
  type: z.string().nullable(),
  /** Due date passed and not fully paid (contract §7). */
  overdue: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
});
export type FinancialListRecord = z.output<typeof financialListRecord>;

/** The financial detail (interface "Financial record"). */
export const financial = financialListRecord.extend({
  reversed_value: z.number(),
  reversed_date: z.string().nullable(),
  has_online_payment: z.boolean(),
  has_payment_gateway: z.boolean(),
  card: card.nullable(),
  pix: pix.nullable(),
  payment_billet: paymentBillet.nullable(),
  attachments: z.array(financialAttachment),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Financial = z.output<typeof financial>;

/** A BR Code (PIX) and its QR code image. */
const qrCodeImage = z.object({
  /** The BR Code, as stored (what "PIX Copia e Cola" pastes). */
  code: z.string(),
  /** The QR code encoding it: an SVG data URL. */
  image: z.string(),
});

/**
 * The panel's payment codes of a receivable, as images (tRPC only): the boleto's linha
 * digitável and its Interleaved 2 of 5 bar code, and the QR codes of the BR Codes (the
 * PIX's, and the boleto's own when it is a hybrid boleto). Null where the record has none.
 */
export const financialPaymentCodes = z.object({
  boleto: z
    .object({
      /** The 44 digits the bars encode. */
      bar_code: z.string(),
      /** The linha digitável, digits only (47 for a bank boleto, 48 for a collection one). */
      digitable_line: z.string(),
      /** The same, as printed: "10492.00650 61000.100042 00997.263900 9 89810000021403". */
      digitable_line_formatted: z.string(),
      /** The bar code as Interleaved 2 of 5: an SVG data URL. */
      image: z.string(),
    })
    .nullable(),
  boleto_qr_code: qrCodeImage.nullable(),
  pix_qr_code: qrCodeImage.nullable(),
});
export type FinancialPaymentCodes = z.output<typeof financialPaymentCodes>;

export const FINANCIAL_SORT = [
  "id",
  "due_date",
  "value",
  "paying_off_value",
  "paying_off_date",
  "partner_name",
  "status",
  "installment",
  "created_at",
] as const;

export const financialFilters = z.object({
  status: z.string().trim().optional(),
  partner_id: z.string().trim().optional(),
  order_id: z.string().trim().optional(),
  sale_id: z.string().trim().optional(),
  overdue: queryBoolean.optional(),
  due_start_date: dateTimeInput.optional(),
  /** Inclusive: a date covers its whole day. */
  due_end_date: periodEndInput.optional(),
});

export const financialListInput = pagingInput(FINANCIAL_SORT).extend(financialFilters.shape);

/** The filters and search of the list, for its totals. */
export const financialTotalsInput = financialFilters.extend({ search: z.string().max(200).default("") });
export type FinancialTotalsInput = z.output<typeof financialTotalsInput>;

/** The figures of a filtered list of receivables: how many, their value, paid and open. */
export const financialTotals = z.object({ count: z.number().int(), value: z.number(), paid: z.number(), open: z.number() });
export type FinancialTotals = z.output<typeof financialTotals>;
export type FinancialListInput = z.output<typeof financialListInput>;

/** The panel's "record payment" form: what was paid, on which day, and the status that follows. */
export const financialPaymentForm = z.object({
  paying_off_value: moneyInput,
  paying_off_date: dateInput,
  status: z.string().min(1, "is required"),
});
export type FinancialPaymentForm = z.input<typeof financialPaymentForm>;

/** The panel's "how it is charged" form: the boleto's bar code or linha digitável and the PIX copia e cola (empty: none). */
export const financialChargeForm = z.object({
  bar_code: z
    .string()
    .trim()
    .max(60)
    .refine((code) => code === "" || isValidBoletoCode(code), BOLETO_MESSAGE),
  pix: z
    .string()
    .trim()
    .max(1000)
    .refine((code) => code === "" || isValidBrCode(code), BR_CODE_MESSAGE),
});
export type FinancialChargeForm = z.input<typeof financialChargeForm>;

/** Aging buckets of what is overdue (days past the due date): current, 1–30, 31–60, 61–90, 90+. */
export type AgingBucket = "current" | "1-30" | "31-60" | "61-90" | "90+";
export function agingBucket(record: { due_date: string; overdue: boolean }, now = new Date()): AgingBucket {
  if (!record.overdue) return "current";
  const days = Math.floor((now.getTime() - new Date(record.due_date).getTime()) / 86_400_000);
  return days <= 30 ? "1-30" : days <= 60 ? "31-60" : days <= 90 ? "61-90" : "90+";
}

/** The message of each aging bucket (in the `financials` messages): the list and its export say the same. */
export const agingMessage = {
  current: "agingCurrent",
  "1-30": "aging1to30",
  "31-60": "aging31to60",
  "61-90": "aging61to90",
  "90+": "aging90plus",
} as const satisfies Record<AgingBucket, string>;
