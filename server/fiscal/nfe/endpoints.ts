import { pipeline } from "node:stream/promises";
import { orderScope } from "../../auth/scope";
import { AppError } from "../../errors";
import { defineEndpoint } from "../../http/endpoint";
import { ALL_ROLES } from "../../http/pipeline";
import { contentDisposition, findResourceFile } from "../../files/resource-files/service";
import { sendJson } from "../../http/problem";
import { nfeJson } from "./schemas";
import { nfeDocumentOf, transmitNfe } from "./service";
import { z } from "zod";

const idParameter = [{ in: "path", name: "id", required: true, schema: { type: "string", format: "uuid" } }];
const scoping = "A SELLER gets only their seller's orders' (else 404); 404 when the order has no NF-e.";

/** GET /orders/{id}/nfe.xml: the signed NF-e as kept, or its nfeProc once the SEFAZ authorized it through this server. */
export const nfeXmlDownload = defineEndpoint({
  method: "GET",
  path: "/orders/{id}/nfe.xml",
  access: { roles: ALL_ROLES },
  document: {
    operationId: "nfe-xml",
    summary: "Download the order's NF-e XML",
    description:
      "Contract §13: the order's latest NF-e, signed, exactly as it was validated and kept (UTF-8); once the SEFAZ authorized it " +
      `through POST …/nfe/transmit, the nfeProc (the NF-e with the SEFAZ's protNFe). ${scoping}`,
    tags: ["NF-e"],
    parameters: idParameter,
    responses: { 200: { description: "The NF-e XML", content: { "application/xml": { schema: { type: "string" } } } } },
    errors: [404],
  },
  async handle({ res, db, principal, runtime, params }) {
    const { nfe } = await nfeDocumentOf(db, await orderScope(db, principal), params.id ?? "");
    const file = await findResourceFile(db, nfe.proc_resource_id ?? nfe.xml_resource_id);
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

const { $schema: _schema, ...nfeSchema } = z.toJSONSchema(nfeJson, { io: "output" });

/**
 * POST /orders/{id}/nfe/transmit: a non-JSON-pipeline endpoint because the SEFAZ is called
 * outside any transaction; what it answered is then written in one.
 */
export const nfeTransmit = defineEndpoint({
  method: "POST",
  path: "/orders/{id}/nfe/transmit",
  access: { roles: ["ADMIN", "MANAGER"] },
  document: {
    operationId: "nfe-transmit",
    summary: "Transmit the order's NF-e to the SEFAZ",
    description:
      "Contract §13, MANAGER or ADMIN: sends the order's SIGNED NF-e to its UF's SEFAZ (NFeAutorizacao4, SOAP 1.2 over mutual TLS " +
      "with the company's A1; an asynchronous batch is read back from NFeRetAutorizacao4) and records the answer — AUTHORIZED with " +
      "its protocol, REJECTED with the SEFAZ's code and reason — or, for an AUTHORIZED NF-e, registers its signed events not yet " +
      "registered (NFeRecepcaoEvento4; a registered cancellation makes it CANCELED). 409 `sefaz_off` when SEFAZ_ENVIRONMENT is off, " +
      "`nfe_state` when there is nothing to send; 503 `sefaz_unavailable` (with Retry-After) when the SEFAZ cannot be reached, " +
      "nothing recorded. " +
      scoping,
    tags: ["NF-e"],
    parameters: idParameter,
    responses: { 200: { description: "The NF-e after the SEFAZ's answer", content: { "application/json": { schema: nfeSchema } } } },
    errors: [404, 409, 503],
  },
  async handle({ res, db, principal, runtime, params, write }) {
    const answer = await transmitNfe(db, (work) => write(work), runtime.files, await orderScope(db, principal), params.id ?? "");
    sendJson(res, 200, JSON.stringify(answer));
  },
});
