/**
 * Schema-driven fuzzing of the whole REST interface from its own OpenAPI document: for
 * every operation, requests built from the document's schemas by a generator nobody here
 * wrote (json-schema-faker), then mutated by fast-check (wrong types, missing and unknown
 * fields, NUL and huge strings, absurd numbers, foreign ids). Every answer must be a status
 * the document lists for that operation, never a 5xx, and every error problem+json. New
 * resources are fuzzed as soon as they are routed: nothing here names them.
 */
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { connect } from "node:net";
import Ajv2020 from "ajv/dist/2020";
import fc from "fast-check";
import { generateSync, type JsonSchema } from "json-schema-faker";
import { describe, expect, it } from "vitest";
import { newOrg, testServer } from "../helpers/database";
import { call } from "../helpers/http";

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Seeded choices drawn from fast-check's generator: a run is reproducible from its seed. */
interface Choices {
  nextInt(min: number, max: number): number;
}
function choices(seed: number): Choices {
  const draws = fc.sample(fc.integer({ min: 0, max: 2 ** 30 }), {
    seed,
    numRuns: 64,
  });
  let next = 0;
  return {
    nextInt: (min, max) => min + (draws[next++ % draws.length]! % (max - min + 1)),
  };
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** How many requests each operation gets (each a different seed and mutation). */
const RUNS_PER_OPERATION = 4;
/** Requests per operation whose bodies and queries are exactly what the document allows. */
const SHAPE_RUNS = 6;
/** Refusals for a value's shape: what a schema states (a document that allows the value is wrong). */
const SHAPE_CODES = new Set([
  "invalid_type",
  "too_big",
  "too_small",
  "invalid_format",
  "invalid_value",
  "not_multiple_of",
  "unrecognized_keys",
  "invalid_union",
  "invalid_key",
  "invalid_element",
  "invalid_characters",
  "required",
]);
/** Passes over the whole document: later passes reuse the ids earlier answers revealed. */
const PASSES = 3;

/** Ids seen in answers, by the collection path template they belong to (`/brands`, `/products/{product_id}/variations`). */
const known = new Map<string, string[]>();

/** Remembers the ids of an answer under its collection (a trailing `/{id}` removed). */
function remember(template: string, json: unknown) {
  const collection = template.replace(/\/\{[^}]+\}$/, "");
  const records = Array.isArray(json)
    ? json
    : json && typeof json === "object"
      ? [json, ...(((json as { items?: unknown }).items as unknown[]) ?? [])]
      : [];
  for (const record of records) {
    const id = record && typeof record === "object" ? (record as { id?: unknown }).id : undefined;
    if (typeof id === "string" && /^[0-9a-f-]{36}$/.test(id)) known.set(collection, [...(known.get(collection) ?? []).slice(-20), id]);
  }
}

/** Replaces `#/components/schemas/X` references by the schema itself (bounded: schemas may recurse). */
function inline(schema: unknown, document: Document, depth = 0): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inline(item, document, depth));
  if (!schema || typeof schema !== "object") return schema;
  const record = schema as Schema;
  const ref = record.$ref;
  if (typeof ref === "string") {
    const target = document.components?.schemas?.[ref.replace("#/components/schemas/", "")];
    return depth > 8 || !target ? {} : inline(target, document, depth + 1);
  }
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, inline(value, document, depth)]));
}

/**
 * A value for the schema, or undefined where the generator cannot satisfy it. Lists and
 * strings are kept short: left to the schemas' own maxima the generator builds bodies of
 * tens of megabytes (a price table's lists), which only meet the 1 MiB limit (tested in
 * edge-input.test.ts) and took nine tenths of this test's time. The hostile values below
 * still send huge strings.
 */
function sample(schema: Schema | undefined, seed: number): unknown {
  if (!schema) return undefined;
  try {
    return generateSync(schema as JsonSchema, {
      seed,
      maxDepth: 4,
      alwaysFakeOptionals: seed % 2 === 0,
      maxItems: 3,
      maxLength: 64,
    });
  } catch {
    return undefined;
  }
}

/** What an attacker puts in place of a well-formed value. */
const hostile = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    -1,
    1e308,
    -0,
    "1e999",
    "",
    " ",
    "\u0000",
    "a\u0000b",
    // Dates the years 1900–2999 leave out, and days the calendar lacks: answered 422, never a 500.
    "0005-08-26",
    "0005-08-26T00:00:00Z",
    "1899-12-31",
    "9999-12-31T23:59:59Z",
    "2026-02-30",
    "%ZZ",
    "__proto__",
    "constructor",
    "'; DROP TABLE brands; --",
    "../../etc/passwd",
    "x".repeat(70_000),
    [],
    {},
    { __proto__: { polluted: true } },
    [[[[[[[[[[]]]]]]]]]],
    true,
    "00000000-0000-0000-0000-000000000000",
  ),
  fc.uuid().map(String),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.anything({ maxDepth: 3 }),
);

/** One random change to a generated body: a field replaced, dropped or added, or the whole body swapped. */
function mutate(body: unknown, random: Choices): unknown {
  const value = () => fc.sample(hostile, { seed: random.nextInt(0, 2 ** 30), numRuns: 1 })[0];
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const record = { ...(body as Record<string, unknown>) };
    const keys = Object.keys(record);
    const choice = random.nextInt(0, 4);
    if (choice === 0 && keys.length) record[keys[random.nextInt(0, keys.length - 1)]!] = value();
    else if (choice === 1 && keys.length) delete record[keys[random.nextInt(0, keys.length - 1)]!];
    else if (choice === 2) record[`unknown_${random.nextInt(0, 99)}`] = value();
    else if (choice === 3) {
      // A key holding a NUL or another control character, at the top or inside a free map.
      const key = `k\u0000${random.nextInt(0, 9)}\u0007`;
      if (record.attributes && typeof record.attributes === "object") record.attributes = { ...record.attributes, [key]: "x" };
      else record[key] = value();
    } else return value();
    return record;
  }
  return random.nextInt(0, 1) === 0 ? value() : body;
}

function pathWith(template: string, parameters: Parameter[], seed: number, random: Choices): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string, offset: number) => {
    const parameter = parameters.find((p) => p.in === "path" && p.name === name);
    const ids = known.get(template.slice(0, offset - 1)) ?? [];
    if (ids.length && random.nextInt(0, 3) > 0) return ids[random.nextInt(0, ids.length - 1)]!;
    const generated = random.nextInt(0, 3) === 0 ? fc.sample(hostile, { seed, numRuns: 1 })[0] : sample(parameter?.schema, seed);
    const text = typeof generated === "string" ? generated : randomUUID();
    return encodeURIComponent(text.slice(0, 200)) || randomUUID();
  });
}

function queryWith(parameters: Parameter[], seed: number, random: Choices): string {
  const query = new URLSearchParams();
  for (const parameter of parameters.filter((p) => p.in === "query")) {
    if (!parameter.required && random.nextInt(0, 2) === 0) continue;
    const value = random.nextInt(0, 4) === 0 ? fc.sample(hostile, { seed, numRuns: 1 })[0] : sample(parameter.schema, seed);
    if (value === undefined) continue;
    const text = typeof value === "string" ? value : JSON.stringify(value);
    for (const item of Array.isArray(value) ? value.map((v) => (typeof v === "string" ? v : JSON.stringify(v))) : [text]) {
      query.append(parameter.name, String(item).slice(0, 2_000));
    }
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** A problem whose detail, or an error's path or message, holds a raw control character (the document's text rule forbids NUL). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
function echoesControl(problem: unknown): boolean {
  const body = problem as { detail?: unknown; errors?: Array<{ path?: unknown; message?: unknown }> } | undefined;
  const texts = [body?.detail, ...(body?.errors ?? []).flatMap((error) => [error.path, error.message])];
  return texts.some((text) => typeof text === "string" && CONTROL.test(text));
}

/**
 * A request with a header Node's HTTP parser refuses (a control character in its value),
 * written on the socket as is: no HTTP client sends one.
 */
async function malformedHeader(method: string, path: string): Promise<{ status: number; contentType: string; body: string }> {
  const base = new URL(await testServer());
  const socket = connect(Number(base.port), base.hostname);
  await once(socket, "connect");
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.write(`${method} ${path} HTTP/1.1\r\nHost: ${base.host}\r\nX-Note: a\u0001b\r\nConnection: close\r\n\r\n`);
  await once(socket, "close");
  const text = Buffer.concat(chunks).toString("utf8");
  const [head = "", body = ""] = text.split("\r\n\r\n");
  return {
    status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
    contentType: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? "",
    body,
  };
}

describe("the REST interface under schema-driven fuzzing", () => {
  it("answers a malformed header on every operation with the 400 the document lists, as problem+json", async () => {
    const document = (await call("GET", "/api/b2b/openapi.json")).json as Document;
    const findings: string[] = [];
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of METHODS.filter((name) => item[name])) {
        const path = `/api/b2b${template.replace(/\{[^}]+\}/g, randomUUID())}`;
        const answer = await malformedHeader(method.toUpperCase(), path);
        const where = `${method.toUpperCase()} ${template} → ${answer.status}`;
        if (answer.status !== 400) findings.push(`${where}: not 400`);
        else if (!("400" in item[method]!.responses)) findings.push(`${where}: 400 not in the document`);
        else if (!answer.contentType.startsWith("application/problem+json") || !answer.body.includes('"malformed_request"'))
          findings.push(`${where}: not the malformed_request problem`);
      }
    }
    expect(findings).toEqual([]);
  });

  it("refuses a date outside the years the document states in every date parameter (422 or 400 as documented), never a 500", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const document = (await call("GET", "/api/b2b/openapi.json")).json as Document;
    const isDate = (schema: unknown): boolean => {
      const record = (schema ?? {}) as { format?: string; anyOf?: unknown[]; oneOf?: unknown[] };
      return record.format === "date" || record.format === "date-time" || [...(record.anyOf ?? []), ...(record.oneOf ?? [])].some(isDate);
    };
    const findings: string[] = [];
    let tried = 0;
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of METHODS.filter((name) => item[name])) {
        const parameters = (inline(item[method]!.parameters ?? [], document) as Parameter[]) ?? [];
        for (const parameter of parameters.filter((p) => p.in === "query" && isDate(p.schema))) {
          for (const value of ["0005-08-26", "0005-08-26T00:00:00Z", "1899-12-31", "3000-01-01"]) {
            const path = `/api/b2b${template.replace(/\{[^}]+\}/g, randomUUID())}?${parameter.name}=${encodeURIComponent(value)}`;
            const answer = await call(method.toUpperCase(), path, { headers });
            tried++;
            const where = `${method.toUpperCase()} ${template}?${parameter.name}=${value} → ${answer.status}`;
            if (answer.status >= 500 || answer.status < 400) findings.push(where);
            else if (!(String(answer.status) in item[method]!.responses)) findings.push(`${where}: not in the document`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(20);
    expect(findings).toEqual([]);
  });

  it("answers every operation only with statuses its document lists, never 5xx, errors as problem+json", async () => {
    const org = await newOrg();
    const headers = await org.bearer();
    const document = (await call("GET", "/api/b2b/openapi.json")).json as Document;
    const findings: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    const operations = Object.entries(document.paths).flatMap(([template, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({
        template,
        method,
        operation: item[method]!,
      })),
    );
    expect(operations.length).toBeGreaterThan(50);

    for (let pass = 0; pass < PASSES; pass++)
      for (const [index, { template, method, operation }] of operations.entries()) {
        const parameters = (inline(operation.parameters ?? [], document) as Parameter[]) ?? [];
        const json = operation.requestBody?.content?.["application/json"];
        const bodySchema = json ? (inline(json.schema, document) as Schema) : undefined;
        const documented = new Set(Object.keys(operation.responses));
        for (let run = 0; run < RUNS_PER_OPERATION; run++) {
          const seed = pass * 1_000_000 + index * 1_000 + run;
          const random = choices(seed);
          const path = `/api/b2b${pathWith(template, parameters, seed, random)}${queryWith(parameters, seed, random)}`;
          const generated = sample(bodySchema, seed);
          // Run 0 sends the generated body as is; the others mutate it.
          const body = json ? (run === 0 ? generated : mutate(generated, random)) : undefined;
          const answer = await call(method.toUpperCase(), path, {
            headers: {
              ...headers,
              ...(json ? { "content-type": "application/json" } : {}),
            },
            body: json ? JSON.stringify(body ?? null) : undefined,
          });
          requests++;
          if (answer.status < 300) remember(template, answer.json);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const where = `${method.toUpperCase()} ${template} (seed ${seed}) → ${answer.status}`;
          if (answer.status >= 500) findings.push(`${where}: server error ${answer.text.slice(0, 200)}`);
          else if (!documented.has(String(answer.status)))
            findings.push(`${where}: status not in the document (${[...documented].join(", ")})`);
          else if (answer.status >= 400 && !String(answer.headers["content-type"] ?? "").startsWith("application/problem+json")) {
            findings.push(`${where}: error not problem+json`);
          } else if (answer.status >= 400 && echoesControl(answer.json)) {
            findings.push(`${where}: a problem repeats a control character raw: ${answer.text.slice(0, 200)}`);
          }
        }
      }
    expect(findings, `${findings.length} findings in ${requests} requests`).toEqual([]);
    // The generator reaches the operations' logic, not only the edge: successes and validation failures both.
    const count = (predicate: (status: number) => boolean) =>
      [...statuses].filter(([status]) => predicate(status)).reduce((sum, [, n]) => sum + n, 0);
    console.log(`fuzzed ${operations.length} operations with ${requests} requests:`, Object.fromEntries(statuses));
    expect(count((status) => status < 300)).toBeGreaterThan(requests / 10);
    expect(count((status) => status === 422 || status === 400)).toBeGreaterThan(requests / 10);
    expect(statuses.get(401) ?? 0).toBe(0);
    // The server still answers after all of it.
    expect((await call("GET", "/api/ready")).status).toBe(200);
  }, 600_000);

  /**
   * The other half of the contract: what the document allows, the server takes. Bodies and
   * query strings generated from the schemas as they are (no mutation) are never refused
   * for their shape — a type, a size, a format, a pattern, a multiple, a missing field the
   * document calls optional. Refusals the document cannot state (check digits, references
   * to records that do not exist, business rules) are not findings.
   */
  it("takes every body and query the document allows: no refusal for a shape the schemas permit", async () => {
    // The generator does not always keep to its schema (a pattern, a minimum of items, an
    // if/then): a second tool nobody here wrote, a JSON Schema validator, decides what the
    // document allows, and only that is sent.
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
    const allows = (schema: Schema | undefined, value: unknown): boolean => {
      if (!schema) return true;
      const { $schema: _dialect, ...rest } = schema;
      return ajv.validate(rest, value) === true;
    };
    let skipped = 0;
    const org = await newOrg();
    const headers = await org.bearer();
    const document = (await call("GET", "/api/b2b/openapi.json")).json as Document;
    const findings = new Set<string>();
    let requests = 0;
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of METHODS.filter((candidate) => item[candidate])) {
        const operation = item[method]!;
        const parameters = (inline(operation.parameters ?? [], document) as Parameter[]) ?? [];
        const json = operation.requestBody?.content?.["application/json"];
        const bodySchema = json ? (inline(json.schema, document) as Schema) : undefined;
        for (let run = 0; run < SHAPE_RUNS; run++) {
          const seed = 7_000_000 + requests;
          const random = choices(seed);
          const path = template.replace(/\{([^}]+)\}/g, (_, name: string, offset: number) => {
            // A path parameter the document lists the values of (a UF) takes one of them.
            const listed = parameters.find((candidate) => candidate.in === "path" && candidate.name === name)?.schema?.enum;
            if (Array.isArray(listed) && listed.length > 0) return String(listed[random.nextInt(0, listed.length - 1)]);
            const ids = known.get(template.slice(0, offset - 1)) ?? [];
            return ids.length ? ids[random.nextInt(0, ids.length - 1)]! : randomUUID();
          });
          const query = new URLSearchParams();
          for (const parameter of parameters.filter((candidate) => candidate.in === "query")) {
            if (!parameter.required && random.nextInt(0, 1) === 0) continue;
            const value = sample(parameter.schema, seed);
            if (value === undefined || !allows(parameter.schema, value)) continue;
            for (const one of Array.isArray(value) ? value : [value])
              query.append(parameter.name, typeof one === "string" ? one : JSON.stringify(one));
          }
          const body = json ? sample(bodySchema, seed) : undefined;
          if (json && (body === undefined || !allows(bodySchema, body))) {
            skipped++;
            continue;
          }
          const answer = await call(method.toUpperCase(), `/api/b2b${path}${query.size ? `?${query}` : ""}`, {
            headers: { ...headers, ...(json ? { "content-type": "application/json" } : {}) },
            body: json ? JSON.stringify(body) : undefined,
          });
          requests++;
          if (answer.status < 300) remember(template, answer.json);
          if (answer.status !== 422 && answer.status !== 400) continue;
          for (const error of (answer.json?.errors ?? []) as Array<{ path: string; code?: string; message: string }>) {
            if (SHAPE_CODES.has(error.code ?? "")) {
              findings.add(`${method.toUpperCase()} ${template}: ${error.path} ${error.code} (${error.message})`);
            }
          }
        }
      }
    }
    console.log(`sent ${requests} requests the document allows (${skipped} generated bodies it does not allow were left out)`);
    expect([...findings].sort()).toEqual([]);
    // Most of what is generated is sent: the check above is not vacuous.
    expect(requests).toBeGreaterThan(skipped * 2);
  }, 600_000);
});
