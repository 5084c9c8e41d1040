import { request as httpRequest } from "node:http";
import { expect } from "vitest";
import { testServer } from "./database";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body's bytes (a PDF, an image). */
  bytes: Buffer;
  /** The body as JSON (undefined when empty or not JSON). */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers of every shape
}

/**
 * A raw HTTP call to the test server: the body is sent exactly as given (bytes, text, or
 * JSON for objects), so tests can send what a well-behaved client never would.
 */
export async function call(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; base?: string } = {},
): Promise<Answer> {
  const base = options.base ?? (await testServer());
  const url = new URL(path, base);
  const raw =
    options.body === undefined
      ? undefined
      : Buffer.isBuffer(options.body) || typeof options.body === "string"
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    ...(raw !== undefined && !Buffer.isBuffer(raw) && typeof options.body !== "string" ? { "content-type": "application/json" } : {}),
    ...(raw !== undefined ? { "content-length": String(Buffer.byteLength(raw)) } : {}),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    // The raw path: URL() would normalize away what the tests send on purpose (%ZZ).
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString("utf8");
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, bytes, json });
      });
    });
    req.on("error", reject);
    if (raw !== undefined) req.write(raw);
    req.end();
  });
}

/** Checks a problem+json answer of `status` and returns it. */
export function expectProblem(answer: Answer, status: number) {
  expect(answer.status, answer.text).toBe(status);
  expect(String(answer.headers["content-type"])).toContain("application/problem+json");
  expect(answer.json).toMatchObject({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String) });
  return answer.json as {
    detail: string;
    code: string;
    params?: Record<string, unknown>;
    errors?: Array<{ path: string; message: string; code?: string; params?: Record<string, unknown> }>;
  };
}

export type Rest = ReturnType<typeof restAs>;

/** The REST interface as one caller (its credential headers): `rest.post("/brands", body)` is POST /api/b2b/brands. */
export function restAs(headers: Record<string, string>) {
  const send =
    (method: string) =>
    (path: string, body?: unknown): Promise<Answer> =>
      call(method, `/api/b2b${path}`, { headers, body });
  return { get: send("GET"), post: send("POST"), put: send("PUT"), delete: send("DELETE") };
}
