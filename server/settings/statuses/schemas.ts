import { z } from "zod";
import { ruleIssue } from "../../errors";
import { attributes, clientId, requiredText } from "../../lib/schemas";
import { PHASES } from "./phases";

/** An ORDER status's phase (contract §10): where its orders stand. */
export const orderPhase = z.enum(PHASES, { message: `must be one of: ${PHASES.join(", ")}` });

export const statusTypes = ["ORDER", "SALE", "FINANCIAL"] as const;
export const statusType = z.enum(statusTypes, { message: "must be ORDER, SALE or FINANCIAL" });
export type StatusType = z.output<typeof statusType>;

/** A colour as `#rrggbb` (stored lower-case). */
export const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour as #rrggbb")
  .transform((value) => value.toLowerCase());

export const DEFAULT_BACKGROUND = "#e5e7eb";
export const DEFAULT_FONT = "#111827";

export const statusWrite = z.object({
  id: clientId,
  title: requiredText(100),
  type: statusType,
  background_color: hexColor.default(DEFAULT_BACKGROUND),
  font_color: hexColor.default(DEFAULT_FONT),
  order: z.number({ message: "must be a number" }).int("must be a whole number").min(0, "must not be negative").max(100_000).default(0),
  is_initial: z.boolean({ message: "must be true or false" }).default(false),
  is_final: z.boolean({ message: "must be true or false" }).default(false),
  /** Required for ORDER statuses (contract §10); a SALE or FINANCIAL status has none. */
  phase: orderPhase.nullish(),
  attributes: attributes.default({}),
});
export type StatusWrite = z.input<typeof statusWrite>;
export type StatusWriteOutput = z.output<typeof statusWrite>;

/** Rules across fields, shared by the API (422/400) and the panel form. */
export function statusRules(input: Pick<StatusWriteOutput, "is_initial" | "is_final" | "type" | "phase">) {
  const errors: Array<{ path: string; message: string; code: string }> = [];
  if (input.is_initial && input.is_final)
    errors.push({ path: "is_final", message: "a status cannot be both initial and final", code: "initial_and_final" });
  if (input.type === "ORDER" && !input.phase)
    errors.push({ path: "phase", message: "is required for an ORDER status", code: "phase_required" });
  if (input.type !== "ORDER" && input.phase)
    errors.push({ path: "phase", message: "only ORDER statuses have a phase", code: "phase_not_allowed" });
  return errors;
}

/** The panel's form: the write schema plus the rules across fields. */
export const statusForm = statusWrite.superRefine((input, ctx) => {
  for (const error of statusRules(input)) ctx.addIssue(ruleIssue(error));
});

export const status = z.object({
  id: z.string(),
  title: z.string(),
  type: statusType,
  background_color: z.string(),
  font_color: z.string(),
  order: z.number(),
  is_initial: z.boolean(),
  is_final: z.boolean(),
  /** Contract §10: an ORDER status's phase; null for SALE and FINANCIAL. */
  phase: orderPhase.nullable(),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Status = z.output<typeof status>;

/** The list record is the whole status (it is small). */
export const statusListRecord = status;
export type StatusListRecord = Status;

export const statusFilters = z.object({
  type: statusType.optional(),
});

/** DELETE /status/{id} answers 200 with the id (interface.md). */
export const statusRemoved = z.object({ id: z.string() });
