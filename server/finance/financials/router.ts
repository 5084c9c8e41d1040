import { z } from "zod";
import { idInput } from "../../crud/crud";
import { pageOf } from "../../lib/paging";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import {
  financial,
  financialTotalsInput,
  financialListInput,
  financialListRecord,
  financialPaymentCodes,
  financialTotals as financialTotalsRecord,
  financialWrite,
} from "./schemas";
import { orderScope } from "../../auth/scope";
import { createFinancial, financialTotals, getFinancial, listFinancials, removeFinancial, updateFinancial } from "./service";

const tags = ["Financials"];
/** interface.md: the financial operations list only the bearer header (contract §2: an access key gets 401). */
const credentials = "bearer-only" as const;

export const financialsRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/financials",
        tags,
        summary: "List financial records (receivables)",
        description:
          "Filters: `status` (a FINANCIAL status id), `partner_id`, `order_id`, `sale_id`, `overdue` (due date passed and not fully paid), " +
          "`due_start_date` and `due_end_date` (inclusive; dates or date-times). Default order: `due_date`. A SELLER sees only the " +
          "receivables of its seller's orders and sales.",
        protect: true,
      },
      credentials,
    })
    .input(financialListInput)
    .output(pageOf(financialListRecord))
    .query(async ({ ctx, input }) => listFinancials(ctx.db, input, await orderScope(ctx.db, ctx.principal))),
  /** The panel's totals of the filtered list (how many, value, paid, open); no REST path. */
  totals: readProcedure
    .input(financialTotalsInput)
    .output(financialTotalsRecord)
    .query(async ({ ctx, input }) => financialTotals(ctx.db, input, await orderScope(ctx.db, ctx.principal))),
  get: readProcedure
    .meta({ openapi: { method: "GET", path: "/financials/{id}", tags, summary: "Get a financial record", protect: true }, credentials })
    .input(idInput)
    .output(financial)
    .query(async ({ ctx, input }) => getFinancial(ctx.db, input.id, await orderScope(ctx.db, ctx.principal))),
  /** The panel's boleto bar code, linha digitável and QR codes, as images (no REST path in the interface). */
  paymentCodes: readProcedure
    .input(idInput)
    .output(financialPaymentCodes)
    .query(async ({ ctx, input }) => {
      // The bar code and QR code drawers load on the first use, not at start-up.
      const { getPaymentCodes } = await import("./payment-codes");
      return getPaymentCodes(ctx.db, input.id, await orderScope(ctx.db, ctx.principal));
    }),
  create: manageProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/financials",
        tags,
        summary: "Create a financial record",
        description:
          "`status` is a FINANCIAL status id; `payment_billet.bar_code` a boleto bar code (44 digits) or linha digitável (47) with valid check " +
          "digits; `payment_billet.qr_code` and `pix.qr_code` PIX BR Codes whose CRC16 checks. Emits `financial.created` (and `financial.paid` " +
          "when `paying_off_value` reaches `value`).",
        protect: true,
      },
      successStatus: 201,
      credentials,
    })
    .input(financialWrite)
    .output(financial)
    .mutation(({ ctx, input }) => createFinancial(ctx.db, input)),
  update: manageProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/financials/{id}",
        tags,
        summary: "Update a financial record",
        description: "Replaces the record's fields and attachments. Emits `financial.paid` when `paying_off_value` reaches `value`.",
        protect: true,
      },
      credentials,
    })
    .input(financialWrite.extend({ id: z.string() }))
    .output(financial)
    .mutation(({ ctx, input: { id, ...body } }) => updateFinancial(ctx.db, id, { ...body, id: undefined })),
  remove: manageProcedure
    .meta({
      openapi: { method: "DELETE", path: "/financials/{id}", tags, summary: "Delete a financial record", protect: true },
      successStatus: 204,
      credentials,
    })
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => removeFinancial(ctx.db, input.id)),
});
