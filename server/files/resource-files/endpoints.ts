import { pipeline } from "node:stream/promises";
import { forOrganization } from "../../db/scoped";
import { AppError } from "../../errors";
import { defineEndpoint } from "../../http/endpoint";
import { sendJson } from "../../http/problem";
import { isUuid } from "../../lib/ids";
import {
  contentDisposition,
  findResourceFile,
  STORED_TYPES,
  MAX_FILE_BYTES,
  MAX_FILES,
  receiveUpload,
  removeResourceFile,
  saveUploads,
} from "./service";

const tags = ["Resource files"];
/** Who writes files: they are attached to catalog records, orders and financials. */
const writers = ["ADMIN", "MANAGER", "SELLER"] as const;

const uploadedSchema = {
  type: "object",
  required: ["resourceFiles"],
  properties: {
    resourceFiles: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "fileName"],
        properties: { id: { type: "string", format: "uuid" }, fileName: { type: "string" } },
      },
    },
  },
};

/** POST /resource-files: multipart, field `files` (contract §5). */
export const uploadResourceFiles = defineEndpoint({
  method: "POST",
  path: "/resource-files",
  access: { roles: writers },
  document: {
    operationId: "resourceFiles-upload",
    summary: "Upload files",
    description: `Multipart form with 1 to ${MAX_FILES} files in the field \`files\`, at most ${MAX_FILE_BYTES / 1024 / 1024} MiB each (more is 413). The stored type is decided from the bytes (PNG, JPEG, GIF, WebP, PDF) or a short list of safe data types; anything else is kept as application/octet-stream.`,
    tags,
    deprecated: true,
    requestBody: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["files"],
            properties: { files: { type: "array", items: { type: "string", format: "binary" }, minItems: 1, maxItems: MAX_FILES } },
          },
        },
      },
    },
    responses: { 200: { description: "The stored files, in the order sent", content: { "application/json": { schema: uploadedSchema } } } },
    errors: [403, 413, 422],
  },
  async handle({ req, res, runtime, principal, write }) {
    const files = await receiveUpload(req, runtime.files, principal.organizationId);
    try {
      // The same files again under the same Idempotency-Key replay the first answer (these bytes are dropped).
      const described = files.map((file) => `${file.fileName}\t${file.size}\t${file.sha256}`).join("\n");
      const answer = await write(async (tx) => ({ resourceFiles: await saveUploads(tx, files) }), described);
      sendJson(res, 200, JSON.stringify(answer));
    } catch (error) {
      await Promise.all(files.map((file) => runtime.files.remove(file.key).catch(() => undefined)));
      throw error;
    }
  },
});

/** GET /resource-files/{id}?organization_id=: public, streamed (contract §2, §5). */
export const downloadResourceFile = defineEndpoint({
  method: "GET",
  path: "/resource-files/{id}",
  access: "public",
  document: {
    operationId: "resourceFiles-download",
    summary: "Download a file",
    description:
      "No credentials: the file is served when `organization_id` is its org (else 404). Images are shown inline, everything else is a download; " +
      "answers carry `X-Content-Type-Options: nosniff`, a sandboxing Content-Security-Policy and an ETag (`If-None-Match` answers 304).",
    tags,
    deprecated: true,
    parameters: [
      { in: "path", name: "id", required: true, schema: { type: "string", format: "uuid" } },
      { in: "query", name: "organization_id", required: true, schema: { type: "string", format: "uuid" } },
      { in: "header", name: "If-None-Match", required: false, schema: { type: "string" } },
    ],
    responses: {
      200: {
        description: "The file's bytes, with its stored content type",
        // Every type a file is stored with (server/files/resource-files/service.ts): told by its bytes, else a safe declared one.
        content: Object.fromEntries(STORED_TYPES.map((type) => [type, { schema: { type: "string", format: "binary" } }])),
      },
      304: { description: "Not modified (the ETag matches)" },
    },
    errors: [404, 422],
  },
  async handle({ req, res, runtime, params, query }) {
    const organizationId = query.organization_id;
    if (typeof organizationId !== "string" || !isUuid(organizationId)) {
      throw AppError.invalid("organization_id", "is required and must be the file's organization id (a UUID)", "required");
    }
    const file = await findResourceFile(forOrganization(runtime.database.prisma, organizationId), params.id ?? "");
    const etag = `"${file.sha256}"`;
    const headers = {
      etag,
      "cache-control": "private, max-age=86400",
      "x-content-type-options": "nosniff",
      // Whatever the bytes are, they never run as a page of this site.
      "content-security-policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
      "cross-origin-resource-policy": "same-site",
    };
    if (req.headers["if-none-match"] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const body = await runtime.files.get(file.storage_key);
    if (!body) throw AppError.notFound("Resource file");
    res.writeHead(200, {
      ...headers,
      "content-type": file.content_type,
      "content-length": file.size,
      "content-disposition": contentDisposition(file.content_type, file.file_name),
    });
    await pipeline(body, res);
  },
});

/** DELETE /resource-files/{id}: 204. */
export const deleteResourceFile = defineEndpoint({
  method: "DELETE",
  path: "/resource-files/{id}",
  access: { roles: writers },
  document: {
    operationId: "resourceFiles-remove",
    summary: "Delete a file",
    tags,
    deprecated: true,
    parameters: [{ in: "path", name: "id", required: true, schema: { type: "string", format: "uuid" } }],
    responses: { 204: { description: "Deleted" } },
    errors: [403, 404],
  },
  async handle({ res, runtime, params, write }) {
    await write((tx) => removeResourceFile(tx, runtime.files, params.id ?? ""));
    res.writeHead(204);
    res.end();
  },
});
