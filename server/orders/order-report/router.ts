import { z } from "zod";
import { manageProcedure, router } from "../../http/trpc";
import { orderReportWrite } from "./schemas";
import { putOrderReport, removeOrderReport } from "./service";

const tags = ["Orders"];

export const orderReportRouter = router({
  put: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/orders/report/jrxml",
        tags,
        summary: "Configure the custom order print report",
        description:
          "Body `{name?, content}`: `content` is a JasperReports JRXML document, well-formed XML whose root element is `jasperReport` (else 422). Stored per organization, replacing the previous one.",
        protect: true,
      },
      successStatus: 204,
    })
    .input(orderReportWrite)
    .output(z.void())
    .mutation(({ ctx, input }) => putOrderReport(ctx.db, input)),
  remove: manageProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/orders/report/jrxml",
        tags,
        summary: "Remove the custom order print report",
        description: "Idempotent: 204 also when none is configured.",
        protect: true,
      },
      successStatus: 204,
    })
    .input(z.object({}).optional())
    .output(z.void())
    .mutation(({ ctx }) => removeOrderReport(ctx.db)),
});
