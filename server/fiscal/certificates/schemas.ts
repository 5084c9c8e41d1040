import { z } from "zod";

/**
 * A company's A1 certificate (contract §13): sent once as the `.pfx` in base64 with its
 * password, answered only as its holder, serial and validity — the key and the password
 * never again.
 */

/** A1 files are a few KiB; 64 KiB of base64 (48 KiB of file) is far more than any. */
export const MAX_PFX_BASE64 = 65_536;
export const EXPIRY_WARNING_DAYS = 30;

export const certificatePath = z.object({ id: z.string() });

export const certificateUpload = z.object({
  /** The `.pfx`/`.p12` file, base64. */
  pfx: z
    .string()
    .min(1, "is required")
    .max(MAX_PFX_BASE64, `must be at most ${MAX_PFX_BASE64} characters of base64`)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, "must be the file in base64")
    .meta({ description: "The A1 certificate file (.pfx or .p12), base64-encoded." }),
  password: z
    .string()
    .max(200, "must be at most 200 characters")
    .meta({ description: "The file's password; used to open it once, never kept or answered." }),
});
export type CertificateUpload = z.output<typeof certificateUpload>;

export const companyCertificate = z.object({
  company_id: z.string(),
  holder_name: z.string(),
  /** 14 digits: the company's CNPJ. */
  holder_cnpj: z.string(),
  serial_number: z.string(),
  valid_from: z.string().meta({ format: "date-time" }),
  valid_until: z.string().meta({ format: "date-time" }),
  /** Whole days until it expires (negative once expired). */
  days_left: z.number().int(),
  /** Expired, or within 30 days of it: the panel warns. */
  expiring: z.boolean(),
  created_at: z.string().meta({ format: "date-time" }),
  updated_at: z.string().meta({ format: "date-time" }),
});
export type CompanyCertificateJson = z.output<typeof companyCertificate>;
