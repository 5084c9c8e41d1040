import { z } from "zod";
import { orderScope } from "../../auth/scope";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import { nfeAuthorization, nfeCancel, nfeCorrection, nfeIssue, nfeJson, nfePath, nfeSeries } from "./schemas";
import { authorizeNfe, cancelNfe, correctNfe, discardNfe, getNfe, issueNfe, listNfeSeries } from "./service";

const tags = ["NF-e"];
const scoping = " A SELLER reads only their seller's orders' NF-e (else 404).";

export const nfeRouter = router({
  issue: manageProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders/{id}/nfe",
        tags,
        summary: "Issue the order's NF-e",
        description:
          "Contract §13, MANAGER or ADMIN: builds the NF-e 4.00 of an OPEN or CONFIRMED order from its items and their §12 taxes " +
          "(ICMSTot = the items' sums, vNF = the order's `invoice_value`), numbers it from the company's series (never reused; a failed " +
          "document gives its number back), signs it with the company's A1 (XMLDSig, RSA-SHA1, C14N 2001) and validates it against the " +
          "vendored schemas (PL_010_V1.30): a schema failure is 422 naming the element (`nfe.<element>`), nothing kept. Kept as the " +
          "order's invoice (key, number, series, value, the XML as a resource file); with `status_id` (an INVOICED status) the order " +
          "moves with it. 422 naming each missing fiscal field (`company.state_registration`, `company.address.city_code`, " +
          "`partner.addresses.N.city_code`, `items.N.product_id` without NCM, `company_id` without a certificate); 409 " +
          "`not_invoiceable` for a quotation or an order past CONFIRMED, `nfe_exists` while it has a SIGNED or AUTHORIZED NF-e.",
        protect: true,
      },
      successStatus: 201,
    })
    .input(nfeIssue.extend(nfePath.shape))
    .output(nfeJson)
    .mutation(async ({ ctx, input: { id, ...body } }) =>
      issueNfe(ctx.db, ctx.runtime.files, await orderScope(ctx.db, ctx.principal), id, body),
    ),
  get: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orders/{id}/nfe",
        tags,
        summary: "Get the order's NF-e",
        description:
          "Contract §13: the order's latest NF-e — `status` SIGNED (ready for transmission), AUTHORIZED (with its protocol), " +
          `REJECTED (with the SEFAZ's code and reason), CANCELED or DISCARDED — and its events. 404 when it has none.${scoping}`,
        protect: true,
      },
    })
    .input(nfePath)
    .output(nfeJson)
    .query(async ({ ctx, input }) => getNfe(ctx.db, await orderScope(ctx.db, ctx.principal), input.id)),
  authorize: manageProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders/{id}/nfe/authorization",
        tags,
        summary: "Record the NF-e's authorization",
        description:
          "Contract §13, MANAGER or ADMIN: the SEFAZ's authorization protocol (15 digits) of a SIGNED NF-e that the ERP " +
          "transmitted; it becomes AUTHORIZED. 409 `nfe_state` from any other state.",
        protect: true,
      },
    })
    .input(nfeAuthorization.extend(nfePath.shape))
    .output(nfeJson)
    .mutation(async ({ ctx, input: { id, ...body } }) => authorizeNfe(ctx.db, await orderScope(ctx.db, ctx.principal), id, body)),
  cancel: manageProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders/{id}/nfe/cancel",
        tags,
        summary: "Cancel the order's NF-e",
        description:
          "Contract §13, MANAGER or ADMIN: signs and keeps the cancellation event (110111, with the authorization protocol and " +
          "`reason`, 15–255 characters) of an AUTHORIZED NF-e, which becomes CANCELED. 409 `nfe_state` otherwise (a SIGNED one " +
          "never authorized is discarded instead).",
        protect: true,
      },
    })
    .input(nfeCancel.extend(nfePath.shape))
    .output(nfeJson)
    .mutation(async ({ ctx, input: { id, reason } }) =>
      cancelNfe(ctx.db, ctx.runtime.files, await orderScope(ctx.db, ctx.principal), id, reason),
    ),
  correct: manageProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders/{id}/nfe/correction",
        tags,
        summary: "Send a correction letter (CC-e)",
        description:
          "Contract §13, MANAGER or ADMIN: signs and keeps a correction letter (110110, `text` 15–1000 characters, numbered 1–20) " +
          "of an AUTHORIZED NF-e. 409 `nfe_state` otherwise.",
        protect: true,
      },
    })
    .input(nfeCorrection.extend(nfePath.shape))
    .output(nfeJson)
    .mutation(async ({ ctx, input: { id, text } }) =>
      correctNfe(ctx.db, ctx.runtime.files, await orderScope(ctx.db, ctx.principal), id, text),
    ),
  discard: manageProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orders/{id}/nfe/discard",
        tags,
        summary: "Discard an NF-e never authorized",
        description:
          "Contract §13, MANAGER or ADMIN: a SIGNED (or REJECTED) NF-e becomes DISCARDED and its number is listed for " +
          "inutilização (GET /companies/{id}/nfe-series); an OPEN or CONFIRMED order loses it as its invoice and may issue another. " +
          "409 `nfe_state` for an AUTHORIZED one (cancel it), `not_invoiceable` once the order is INVOICED or later.",
        protect: true,
      },
    })
    .input(nfePath)
    .output(nfeJson)
    .mutation(async ({ ctx, input }) => discardNfe(ctx.db, await orderScope(ctx.db, ctx.principal), input.id)),
  series: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/companies/{id}/nfe-series",
        tags,
        summary: "List a company's NF-e series",
        description: "Contract §13: each series' next number and the numbers of NF-e discarded or rejected, to void (inutilização).",
        protect: true,
      },
    })
    .input(nfePath)
    .output(z.array(nfeSeries))
    .query(({ ctx, input }) => listNfeSeries(ctx.db, input.id)),
});
