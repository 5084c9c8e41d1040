import { defineEndpoint } from "../../http/endpoint";
import { ALL_ROLES } from "../../http/pipeline";
import { renderOrderPdfOffThread } from "./pdf-pool";
import { orderScope } from "../../auth/scope";
import { getOrder } from "./service";

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
