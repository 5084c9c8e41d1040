import { z } from "zod";
import { generateOpenApiDocument, type GenerateOpenApiDocumentOptions, type OpenAPIObject } from "trpc-to-openapi";
import type { CredentialPolicy } from "../auth/principal";
import type { Role } from "../generated/prisma/enums";
import type { EndpointDocument } from "./endpoint";
import { ALL_ROLES } from "./pipeline";
import { metaOf, proceduresOf, type Api } from "./api";
import type { Meta } from "./trpc";

type SchemaObject = NonNullable<NonNullable<OpenAPIObject["components"]>["schemas"]>[string];
type PathItem = NonNullable<OpenAPIObject["paths"]>[string];
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  responses: Record<string, { description: string; content?: Record<string, unknown>; headers?: Record<string, unknown> }>;
  security?: unknown;
  requestBody?: unknown;
  parameters?: Array<Record<string, unknown>>;
  deprecated?: boolean;
};

const problemSchema: SchemaObject = {
  type: "object",
  description: "An RFC 9457 problem (contract §3).",
  required: ["type", "title", "status", "detail", "code"],
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    code: {
      type: "string",
      description: "What went wrong, for clients that word it themselves: `validation_failed`, `not_found`, `in_use`, `duplicate`, ...",
    },
    params: { type: "object", additionalProperties: true, description: "The figures of `detail` (`usages`, `fields`, ...)." },
    errors: {
      type: "array",
      description: "One per failing field (422, and 400 where an operation answers 400 for bad input).",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: {
          path: { type: "string", description: "The field in the request's own names, e.g. `items.0.quantity`." },
          message: { type: "string" },
          code: {
            type: "string",
            description: "What failed, for clients that word it themselves (`required`, `too_small`, `duplicate`, ...).",
          },
          params: { type: "object", additionalProperties: true, description: "The figures of the message (`minimum`, `maximum`, ...)." },
        },
      },
    },
  },
};

/** What each error status means, for every operation that answers it. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request is malformed (`malformed_request`: what Node's HTTP parser refuses, a header with a control character) or, where this operation answers 400 for bad input, not valid",
  401: "Missing or invalid credentials",
  403: "The credentials' role may not do this",
  404: "No such record in the caller's organization",
  409: "Conflicts with the current state (a duplicate, a record still in use, an Idempotency-Key in use)",
  413: "The request body is too large",
  422: "The request is not valid; `errors` names each failing field",
  429: "Too many requests; retry after `Retry-After` seconds",
  500: "Unexpected error (never shows details)",
  503: "Too busy right now (every PDF renderer taken and its queue full); retry after `Retry-After` seconds",
};

/** What each tag groups, for the document's readers. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  "Access keys": "Key pairs for machine clients (ERP, storefront): the code is shown once and stored hashed. Admins only.",
  Account: "The signed-in user's own account: profile and password change.",
  "Alternative units": "Other units a product is sold in, with their multiplier.",
  Audit: "Who changed what and when, for every write.",
  Auth: "Sign-in: a bearer token for a user.",
  Brands: "The brands products are sold under.",
  Categories: "The category tree of the catalog.",
  Companies: "The organization's own legal entities (CNPJ).",
  Coupons: "Discount coupons orders and sales reference: codes unique without case, uses counted.",
  Financials: "Receivables: what partners owe, when it is due and what was paid (boleto, PIX, card). Bearer token only.",
  Exports: "Whole lists as CSV, streamed: for spreadsheets and the panel's export button.",
  "Delivery methods": "How orders reach partners, with prices and opening hours.",
  "Entity attributes": "Custom field definitions that check each entity's `attributes`.",
  Orders: "Orders with items, payments, invoices (NF-e), attachments, coupons and status history; print as PDF.",
  "Order payments": "The payments of one order.",
  "Measure units": "Units of measure and their decimals.",
  Partners: "B2B customers (CPF or CNPJ), with addresses.",
  "Payment methods": "How partners pay: rates, installments, conditions and the provider (secret stored encrypted).",
  Discounts:
    "Quantity ranges over the products their criteria select, for the partners, profiles, companies and payment methods they name.",
  Prices: "A product's price for a partner, payment method, quantity and date, explained step by step on request.",
  "Price tables": "Prices and rates per product for a period, specific to partners, profiles, companies or payment methods.",
  Products: "The catalog's products: prices, images, categories, search, the most-sold analysis.",
  "Sales funnel": "Storefront events by session and stage, and the funnel of two periods with each stage's conversion.",
  "Product specifications": "A product's technical specifications; searchable ones feed search and criteria.",
  "Product variations": "A product's sellable variants: variation values, their own SKU and price.",
  Profiles: "Partner profiles that prices and discounts target.",
  "Resource files": "Uploaded files (images, invoices, attachments): uploaded with credentials, served by id to their organization.",
  "Saved views": "A user's named list views in the panel (filters, sort, columns).",
  Sales: "Checkout records: a sale makes its order and its receivables in one transaction; card payments are captured here.",
  "Sales channels": "Where sales come from (storefront, app, sales team): a sale's `origin.solution_id`.",
  Search: "One search across the kinds of records (the panel's command palette).",
  Sellers: "The sales team.",
  Statuses: "Statuses of orders, sales and financial records, with their colours.",
  Users: "The organization's users and their roles. Admins only.",
  Variations: "Variation kinds (colour, size) and their options.",
  Warehouses: "Where stock is kept.",
  Webhooks:
    "Endpoints that receive the org's events, signed with X-Signature (HMAC-SHA256 of `<t>.<body>`), sent from an outbox with retries; their deliveries and attempts. Admins only.",
};

const acceptsBody = (method: string) => method === "post" || method === "put" || method === "patch";

/**
 * Every error status an operation can answer, from what it is: the pipeline's own
 * (401 and 429 with credentials, 403 when not every role may call it, 413 with a body,
 * 422 or 400 for input, 404 with a path id, 409 for writes: conflicts and idempotency
 * keys in use, 500), plus the ones its meta names.
 */
function errorStatuses(
  method: string,
  path: string,
  options: { protect: boolean; roles?: readonly Role[]; invalidInputStatus?: 400 | 422; extra?: readonly number[] },
): number[] {
  // 400: what Node's HTTP parser refuses (a header with a control character) is answered before any route.
  const statuses = new Set<number>([400, 500, options.invalidInputStatus ?? 422]);
  if (options.protect) {
    statuses.add(401);
    statuses.add(429);
  }
  if (options.roles && options.roles.length < ALL_ROLES.length) statuses.add(403);
  if (acceptsBody(method)) statuses.add(413);
  if (path.includes("{")) statuses.add(404);
  // Writes: conflicts with the current state, and an Idempotency-Key still in use.
  if (method !== "get" && options.protect) statuses.add(409);
  for (const status of options.extra ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

function securityFor(credentials: CredentialPolicy | undefined) {
  if (credentials === "bearer-only") return [{ bearer: [] }];
  if (credentials === "bearer-or-code") return [{ bearer: [] }, { accessKeyToken: [], accessKeyCode: [] }, { accessKeyCode: [] }];
  return [{ bearer: [] }, { accessKeyToken: [], accessKeyCode: [] }];
}

function describeAccess(protect: boolean, roles: readonly Role[] | undefined, credentials: CredentialPolicy | undefined): string {
  if (!protect) return "No credentials.";
  const who = !roles || roles.length === ALL_ROLES.length ? "Any role." : `Roles: ${roles.join(", ")}.`;
  const how =
    credentials === "bearer-only"
      ? " Bearer token only."
      : credentials === "bearer-or-code"
        ? " Bearer token, access key pair, or the key's code alone."
        : "";
  return `${who}${how}`;
}

const IDEMPOTENCY_KEY = {
  in: "header",
  name: "Idempotency-Key",
  required: false,
  description:
    "Replays the first answer of this key for the same request within 24 hours; another request with it is 422, one still running 409.",
  // Visible ASCII only (`!` to `~`): anything else is 422.
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[!-~]+$" },
};

/** Body fields that come in the query string (meta `queryFields`): moved from the body's schema to the parameters. */
function fieldsToQuery(operation: Operation, fields: readonly string[]): void {
  const body = operation.requestBody as
    { content?: Record<string, { schema?: { properties?: Record<string, object>; required?: string[] } }> } | undefined;
  const schema = body?.content?.["application/json"]?.schema;
  const parameters = fields.flatMap((name) => {
    const property = schema?.properties?.[name];
    if (!property || !schema?.properties) return [];
    delete schema.properties[name];
    if (schema.required) schema.required = schema.required.filter((field) => field !== name);
    return [{ in: "query", name, required: false, schema: property }];
  });
  operation.parameters = [...(operation.parameters ?? []), ...parameters];
}

/** A POST whose input is its query string (POST /products/search): the body's fields become query parameters. */
function queryInsteadOfBody(operation: Operation): void {
  const body = operation.requestBody as
    { content?: Record<string, { schema?: { properties?: Record<string, object>; required?: string[] } }> } | undefined;
  const schema = body?.content?.["application/json"]?.schema;
  delete operation.requestBody;
  const parameters = Object.entries(schema?.properties ?? {}).map(([name, property]) => ({
    in: "query",
    name,
    required: schema?.required?.includes(name) ?? false,
    schema: property,
  }));
  operation.parameters = [...(operation.parameters ?? []), ...parameters];
}

const problemResponse = (status: number) => ({
  description: ERROR_DESCRIPTIONS[status] ?? "Error",
  content: { "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } } },
  ...(status === 429 || status === 503
    ? { headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait" } } }
    : {}),
});

function endpointPaths(endpoints: Api["endpoints"]): Record<string, Record<string, Operation>> {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const endpoint of endpoints) {
    const doc: EndpointDocument = endpoint.document;
    const protect = endpoint.access !== "public";
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = {
      operationId: doc.operationId,
      summary: doc.summary,
      description: doc.description,
      tags: doc.tags,
      ...(doc.deprecated ? { deprecated: true } : {}),
      ...(doc.parameters ? { parameters: doc.parameters } : {}),
      ...(doc.requestBody ? { requestBody: doc.requestBody } : {}),
      responses: doc.responses,
      security: endpoint.access === "public" ? [] : securityFor(endpoint.access.credentials),
      // Marks the operation for the pass below.
      "x-endpoint": { protect, roles: endpoint.access === "public" ? undefined : endpoint.access.roles, errors: doc.errors },
    } as Operation;
  }
  return paths;
}

/**
 * The OpenAPI 3.1 document of the REST interface, generated from the routers (and the
 * non-JSON endpoints), with what the generator cannot know put right: each operation's
 * real success status, every error status it can answer (problem+json), who may call
 * it, the credential alternatives, the Idempotency-Key of writes and bare-array bodies.
 */
export function buildOpenApiDocument(api: Api, baseUrl: string): OpenAPIObject {
  const document = generateOpenApiDocument(api.router, {
    title: "B2B Sales Management API",
    description:
      "The REST interface of the B2B sales platform (interface.md, decided by contract.md). Errors are application/problem+json; " +
      "lists answer `{currentPage, perPage, total, items}`; writes accept an Idempotency-Key.",
    version: "1.0.0",
    // Each deployment is run by its own operators: they are who a client of it asks.
    contact: { name: "The operators of this deployment" },
    license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    baseUrl,
    securitySchemes: {
      bearer: { type: "http", scheme: "bearer", description: "access_token from POST /auth/login" },
      accessKeyToken: { type: "apiKey", in: "header", name: "X-Service-Access-Key-Token" },
      accessKeyCode: { type: "apiKey", in: "header", name: "X-Service-Access-Key-Code" },
    },
    paths: endpointPaths(api.endpoints) as GenerateOpenApiDocumentOptions["paths"],
  });
  const metaByOperation = new Map<string, Meta | undefined>();
  for (const procedure of proceduresOf(api).values()) {
    const meta = metaOf(procedure);
    if (meta?.openapi) metaByOperation.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta);
  }
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {}) as Array<[string, PathItem]>) {
    for (const [method, value] of Object.entries(item as Record<string, Operation>)) {
      const endpoint = (value as Operation & { "x-endpoint"?: { protect: boolean; roles?: readonly Role[]; errors: readonly number[] } })[
        "x-endpoint"
      ];
      const meta = metaByOperation.get(`${method} ${path}`);
      const protect = endpoint ? endpoint.protect : meta?.openapi?.protect !== false;
      const roles = endpoint ? endpoint.roles : meta?.roles;
      const credentials = meta?.credentials;
      const responses: Operation["responses"] = {};
      if (endpoint) {
        Object.assign(responses, value.responses);
        delete (value as Record<string, unknown>)["x-endpoint"];
      } else {
        const status = meta?.successStatus ?? 200;
        const success = value.responses["200"];
        responses[String(status)] = status === 204 || !success ? { description: "No content" } : success;
        for (const other of meta?.alsoSucceeds ?? [])
          responses[String(other)] ??= other === 204 || !success ? { description: "No content" } : success;
        if (meta?.inputFrom) queryInsteadOfBody(value);
        if (meta?.queryFields) fieldsToQuery(value, meta.queryFields);
        if (meta?.requestBody) {
          value.requestBody = {
            required: true,
            content: {
              "application/json": {
                schema: z.toJSONSchema(meta.requestBody, { io: "input", target: "draft-2020-12", override: applyOverride }),
              },
            },
          };
        }
        if (meta?.bodyRules) {
          const body = (value.requestBody as { content?: Record<string, { schema?: Record<string, unknown> }> } | undefined)?.content?.[
            "application/json"
          ]?.schema;
          if (body) Object.assign(body, meta.bodyRules);
        }
        value.security = protect ? securityFor(credentials) : [];
      }
      const statuses = errorStatuses(method, path, {
        protect,
        roles,
        invalidInputStatus: meta?.invalidInputStatus,
        extra: endpoint ? endpoint.errors : meta?.errors,
      });
      for (const code of statuses) responses[String(code)] ??= problemResponse(code);
      value.responses = responses;
      const access = describeAccess(protect, roles, credentials);
      value.description = value.description ? `${value.description}\n\n${access}` : `${value.summary ?? ""}. ${access}`.trim();
      if (acceptsBody(method) && protect && !meta?.inputFrom) value.parameters = [...(value.parameters ?? []), IDEMPOTENCY_KEY];
      for (const tag of value.tags ?? []) tags.add(tag);
    }
  }
  const schemas = Object.fromEntries(Object.entries(document.components?.schemas ?? {}).filter(([name]) => !name.startsWith("error.")));
  document.components = { ...document.components, schemas: { ...schemas, Problem: problemSchema } };
  document.tags = [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  for (const item of Object.values(document.paths ?? {}) as Array<Record<string, Operation>>) {
    for (const operation of Object.values(item)) {
      for (const parameter of (operation.parameters ?? []) as Array<{ schema?: unknown }>) noNulInStrings(parameter.schema);
      for (const media of Object.values(
        (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content ?? {},
      )) {
        noNulInStrings(media.schema);
      }
    }
  }
  for (const schema of Object.values(document.components?.schemas ?? {})) noNulInStrings(schema);
  return document;
}

/** `.meta({ override })` applied as zod-openapi applies it, for the bodies written with zod's own generator. */
function applyOverride(context: { jsonSchema: Record<string, unknown> }): void {
  const { override } = context.jsonSchema;
  if (override === null || typeof override !== "object") return;
  Object.assign(context.jsonSchema, override);
  delete context.jsonSchema.override;
}

/** Every string the server reads refuses NUL (422, server/http/input.ts): the document says so. */
const NO_NUL = "^[^\\u0000]*$";

/**
 * The keys an object of a request may hold: any but a NUL-holding one or `__proto__`
 * (server/http/input.ts refuses them, 422, wherever they are, even where a key is unknown).
 */
const KEY_RULE = { pattern: NO_NUL, not: { const: "__proto__" } };

/**
 * Adds the NUL rule to each string schema of a request that states no other text rule (a
 * format, a pattern, a list of values), and the key rule to each object's `propertyNames`.
 */
function noNulInStrings(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) noNulInStrings(item);
    return;
  }
  if (!schema || typeof schema !== "object") return;
  const record = schema as Record<string, unknown>;
  const types = Array.isArray(record.type) ? record.type : [record.type];
  if (
    types.includes("string") &&
    record.pattern === undefined &&
    record.format === undefined &&
    record.enum === undefined &&
    record.const === undefined
  ) {
    record.pattern = NO_NUL;
  }
  if (types.includes("object") || record.properties !== undefined || record.additionalProperties !== undefined) {
    const names = record.propertyNames;
    record.propertyNames =
      names && typeof names === "object" && !Array.isArray(names)
        ? { ...KEY_RULE, ...(names as Record<string, unknown>) }
        : { ...KEY_RULE };
  }
  for (const [key, value] of Object.entries(record)) {
    if (key !== "enum" && key !== "const" && key !== "default" && key !== "examples" && key !== "example") noNulInStrings(value);
  }
}
