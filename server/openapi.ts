import { z } from "zod";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { appRouter, procedureMetas } from "./root";
import type { Meta } from "./trpc";

type SchemaObject = NonNullable<NonNullable<OpenAPIObject["components"]>["schemas"]>[string];

const problemSchema: SchemaObject = {
  type: "object",
  required: ["type", "title", "status", "detail"],
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    errors: {
      type: "array",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: { path: { type: "string" }, message: { type: "string" } },
      },
    },
  },
};

type Operation = {
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
  security?: unknown;
  requestBody?: unknown;
};

const securityFor = (meta: Meta | undefined) =>
  meta?.credentials === "bearer-only"
    ? [{ bearer: [] }]
    : meta?.credentials === "bearer-or-code"
      ? [{ bearer: [] }, { accessKeyToken: [], accessKeyCode: [] }, { accessKeyCode: [] }]
      : [{ bearer: [] }, { accessKeyToken: [], accessKeyCode: [] }];

/**
 * The OpenAPI 3.1 document of the REST interface, generated from the routers, with what
 * the generator cannot know put right: each operation's real success status, the
 * credential alternatives (bearer, or the access key pair) and problem+json errors.
 */
export function buildOpenApiDocument(baseUrl: string): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: "B2B Sales Management API",
    version: "1.0.0",
    baseUrl,
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer", description: "access_token from POST /auth/login" },
      accessKeyToken: { type: "apiKey", in: "header", name: "X-Service-Access-Key-Token" },
      accessKeyCode: { type: "apiKey", in: "header", name: "X-Service-Access-Key-Code" },
    },
  });
  const metaByOperation = new Map<string, Meta | undefined>();
  for (const meta of procedureMetas.values()) {
    if (meta?.openapi) metaByOperation.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta);
  }
  document.components = { ...document.components, schemas: { ...document.components?.schemas, Problem: problemSchema } };
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, Operation>)) {
      const meta = metaByOperation.get(`${method} ${path}`);
      const status = meta?.successStatus ?? 200;
      const { 200: success, ...errors } = value.responses;
      const responses: Operation["responses"] = {};
      if (success) {
        responses[String(status)] =
          status === 204 ? { description: "No content" } : { ...success, description: success.description };
      }
      for (const [code, response] of Object.entries(errors)) {
        responses[code] = {
          description: response.description,
          content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
        };
      }
      value.responses = responses;
      if (meta?.requestBody) {
        value.requestBody = {
          required: true,
          content: { "application/json": { schema: z.toJSONSchema(meta.requestBody, { io: "input", target: "draft-2020-12" }) } },
        };
      }
      if (value.security) value.security = securityFor(meta);
    }
  }
  return document;
}
