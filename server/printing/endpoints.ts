import { defineEndpoint } from "../http/endpoint";
import { ALL_ROLES } from "../http/pipeline";
import { renderOrderPdfOffThread, renderPdfOffThread } from "./pool";
import { nfeDocumentOf } from "../fiscal/nfe/service";
import { orderScope } from "../auth/scope";
import { getOrder } from "../orders/orders/service";

/** GET /orders/{id}/pdf: the order printed as a PDF (Portuguese), for the panel's download and for clients. */
export const orderPdf = defineEndpoint({
  method: "GET",
  path: "/orders/{id}/pdf",
  access: { roles: ALL_ROLES },
  document: {
    operationId: "orders-pdf",
    summary: "Download an order as PDF",
    description:
      "The order printed in Portuguese: partner, company, seller, delivery, items, totals, payments, invoices and coupons. A SELLER gets only their seller's orders (else 404).",
    tags: ["Orders"],
    parameters: [
      {
        in: "path",
        name: "id",
        required: true,
        schema: { type: "string", format: "uuid" },
      },
    ],
    responses: {
      200: {
        description: "The PDF",
        content: {
          "application/pdf": { schema: { type: "string", format: "binary" } },
        },
      },
    },
    errors: [404, 503],
  },
  async handle({ res, db, principal, params }) {
    const order = await getOrder(db, await orderScope(db, principal), params.id ?? "");
    const pdf = await renderOrderPdfOffThread(order);
    res.writeHead(200, {
      "content-type": "application/pdf",
      "content-length": String(pdf.byteLength),
      "content-disposition": `attachment; filename="${order.quotation ? "orcamento" : "pedido"}-${order.number}.pdf"`,
      "cache-control": "no-store",
    });
    res.end(pdf);
  },
});

/** GET /orders/{id}/danfe: the DANFE as a PDF, rendered off the event loop. */
export const danfeDownload = defineEndpoint({
  method: "GET",
  path: "/orders/{id}/danfe",
  access: { roles: ALL_ROLES },
  document: {
    operationId: "nfe-danfe",
    summary: "Download the order's DANFE",
    description:
      "Contract §13: the DANFE of the order's latest NF-e (PDF, the MOC annex's layout: the access key as CODE-128 and in 11 " +
      "groups, emitter, recipient, tax totals, items with NCM/CST/CFOP and their taxes, additional information). A SELLER gets only " +
      "their seller's orders' (else 404); 404 when the order has no NF-e.",
    tags: ["NF-e"],
    parameters: [{ in: "path", name: "id", required: true, schema: { type: "string", format: "uuid" } }],
    responses: { 200: { description: "The DANFE", content: { "application/pdf": { schema: { type: "string", format: "binary" } } } } },
    errors: [404, 503],
  },
  async handle({ res, db, principal, params }) {
    const { nfe, document } = await nfeDocumentOf(db, await orderScope(db, principal), params.id ?? "");
    const pdf = await renderPdfOffThread({
      kind: "danfe",
      danfe: { document, status: nfe.status, protocol: nfe.protocol, authorized_at: nfe.authorized_at },
    });
    res.writeHead(200, {
      "content-type": "application/pdf",
      "content-length": String(pdf.byteLength),
      "content-disposition": `attachment; filename="danfe-${document.number}.pdf"`,
      "cache-control": "no-store",
    });
    res.end(pdf);
  },
});
