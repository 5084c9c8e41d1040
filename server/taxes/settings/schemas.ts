import { z } from "zod";

/** GET and PUT /settings/taxes (contract §12). */
export const taxSettings = z.object({
  /** The ICMS stated leaves the PIS/COFINS base (STF Tema 69); default true. */
  exclude_icms_from_pis_cofins: z.boolean({ message: "must be true or false" }),
  /** The FCP-ST is figured less the own FCP; default true. */
  fcp_st_minus_own_fcp: z.boolean({ message: "must be true or false" }),
  /** The 2026 test-year CBS 0.9 % / IBS 0.1 %, informative (not in the invoice); default false. */
  ibs_cbs: z.boolean({ message: "must be true or false" }),
});
export type TaxSettingsWrite = z.output<typeof taxSettings>;
