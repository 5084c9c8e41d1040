import { z } from "zod";

/** The bounds of the commercial settings (contract §11): days, a year at most. */
export const MAX_SETTING_DAYS = 365;

const days = (minimum: number) =>
  z
    .number({ message: "must be a whole number of days" })
    .int("must be a whole number of days")
    .min(minimum, `must be at least ${minimum}`)
    .max(MAX_SETTING_DAYS, `must be at most ${MAX_SETTING_DAYS}`);

/** GET and PUT /settings/commercial: the org's commercial policy settings (contract §11). */
export const commercialSettings = z.object({
  /** A receivable overdue more than this many days puts the partner's new orders on hold (`OVERDUE`). */
  overdue_tolerance_days: days(0),
  /** A new quotation is valid this many days after its negotiation date, unless it names its `valid_until`. */
  quote_validity_days: days(1),
});
export type CommercialSettings = z.output<typeof commercialSettings>;
