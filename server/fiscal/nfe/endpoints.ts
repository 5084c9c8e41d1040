import { pipeline } from "node:stream/promises";
import { orderScope } from "../../auth/scope";
import { AppError } from "../../errors";
import { defineEndpoint } from "../../http/endpoint";
import { ALL_ROLES } from "../../http/pipeline";
import { contentDisposition, findResourceFile } from "../../files/resource-files/service";
import { nfeDocumentOf } from "./service";

const idParameter = [{ in: "path", name: "id", required: true, schema: { type: "string", format: "uuid" } }];
const scoping = "A SELLER gets only their seller's orders' (else 404); 404 when the order has no NF-e.";

/** GET /orders/{id}/nfe.xml: the signed NF-e as kept. */
export const nfeXmlDownload = defineEndpoint({
  method: "GET",
  path: "/orders/{id}/nfe.xml",
  access: { roles: ALL_ROLES },
  document: {
    operationId: "nfe-xml",
    summary: "Download the order's NF-e XML",
    description: `Contract §13: the order's latest NF-e, signed, exactly as it was validated and kept (UTF-8). ${scoping}`,
    tags: ["NF-e"],
    parameters: idParameter,
    responses: { 200: { description: "The NF-e XML", content: { "application/xml": { schema: { type: "string" } } } } },
    errors: [404],
  },
  async handle({ res, db, principal, runtime, params }) {
    const { nfe } = await nfeDocumentOf(db, await orderScope(db, principal), params.id ?? "");
    const file = await findResourceFile(db, nfe.xml_resource_id);
    const body = await runtime.files.get(file.storage_key);
    if (!body) throw AppError.notFound("NF-e XML");
    res.writeHead(200, {
      "content-type": "application/xml; charset=utf-8",
      "content-length": String(file.size),
      "content-disposition": contentDisposition("application/xml", file.file_name),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
    await pipeline(body, res);
  },
});
