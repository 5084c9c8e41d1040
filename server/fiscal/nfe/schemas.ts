import { z } from "zod";
import { uuid } from "../../lib/schemas";

/** Contract §13: an order's NF-e as answered (the XML itself is GET /orders/{id}/nfe.xml). */

export const NFE_STATUSES = ["SIGNED", "AUTHORIZED", "REJECTED", "CANCELED", "DISCARDED"] as const;

export const nfePath = z.object({ id: z.string() });

export const nfeIssue = z.object({
  /** The company's series (default 1). */
  series: z.number().int().min(0).max(889).default(1).meta({ description: "The NF-e series (0–889; default 1)." }),
  /**
   * An ORDER status of phase INVOICED to move the order to with the NF-e (the panel's invoicing move); absent:
   * the order keeps its status and may be invoiced later (its NF-e is then its invoice).
   */
  status_id: uuid.optional(),
});
export type NfeIssue = z.output<typeof nfeIssue>;

export const nfeCancel = z.object({
  reason: z.string().trim().min(15, "must be at least 15 characters").max(255, "must be at most 255 characters"),
});
export const nfeCorrection = z.object({
  text: z.string().trim().min(15, "must be at least 15 characters").max(1000, "must be at most 1000 characters"),
});
export const nfeAuthorization = z.object({
  /** nProt: 15 digits. */
  protocol: z.string().regex(/^\d{15}$/, "must be the 15-digit authorization protocol"),
  authorized_at: z.iso.datetime({ offset: true, message: "must be a date-time" }).optional(),
});

const nfeEvent = z.object({
  type: z.enum(["CANCELLATION", "CORRECTION"]),
  /** tpEvento: 110111 or 110110. */
  code: z.string(),
  sequence: z.number().int(),
  text: z.string(),
  protocol: z.string().nullable(),
  xml_resource_id: z.string(),
  created_at: z.string().meta({ format: "date-time" }),
});

export const nfeJson = z.object({
  id: z.string(),
  order_id: z.string(),
  company_id: z.string(),
  status: z.enum(NFE_STATUSES),
  series: z.number().int(),
  number: z.number().int(),
  key: z.string(),
  environment: z.enum(["PRODUCTION", "HOMOLOGATION"]),
  value: z.number(),
  issued_at: z.string().meta({ format: "date-time" }),
  protocol: z.string().nullable(),
  status_code: z.string().nullable(),
  status_reason: z.string().nullable(),
  authorized_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  discarded_at: z.string().nullable(),
  xml_resource_id: z.string(),
  /** Once the SEFAZ authorized it through this server: the nfeProc (the NF-e with its protNFe); GET …/nfe.xml answers it. */
  proc_resource_id: z.string().nullable(),
  events: z.array(nfeEvent),
  /** Where this server sends NF-e (SEFAZ_ENVIRONMENT): OFF keeps them SIGNED for the ERP to transmit. */
  transmission: z.enum(["OFF", "HOMOLOGATION", "PRODUCTION"]),
});
export type NfeJson = z.output<typeof nfeJson>;

export const nfeSeries = z.object({
  series: z.number().int(),
  next_number: z.number().int(),
  /** Numbers taken by NF-e discarded or rejected: to be voided with the SEFAZ (inutilização). */
  unused_numbers: z.array(z.number().int()),
});
