import { z } from "zod";

/** The largest report accepted (JRXML files are a few tens of KiB). */
export const MAX_REPORT_CHARS = 512 * 1024;

/** PUT /orders/report/jrxml (contract §5 "Custom order report"). */
export const orderReportWrite = z.object({
  name: z.string().trim().max(200).nullish(),
  /** A JasperReports JRXML document: well-formed XML whose root element is `jasperReport`. */
  content: z.string({ message: "is required" }).min(1, "is required").max(MAX_REPORT_CHARS, `at most ${MAX_REPORT_CHARS} characters`),
});
export type OrderReportWrite = z.output<typeof orderReportWrite>;
