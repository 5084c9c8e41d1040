/**
 * The edge's input cleaner (server/http/input.ts), on its own: every REST and tRPC input
 * goes through it before a schema sees it.
 */
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { cleanInput, MAX_JSON_DEPTH, parseQuery } from "@/server/http/input";

/** The field error `run` fails with. */
function failure(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.errors?.[0];
    throw error;
  }
  throw new Error("expected a 422");
}

describe("cleanInput", () => {
  it("turns -0 into 0 wherever it is, and leaves other numbers as they are", () => {
    // JSON.parse keeps the sign of "-0": no later step (schemas, Decimal.js, Object.is) has to think of it.
    const parsed = JSON.parse('{"price":-0,"ranges":[{"value":-0}],"rate":-0.0,"n":-1.5,"z":0}');
    const cleaned = cleanInput(parsed) as {
      price: number;
      ranges: Array<{ value: number }>;
      rate: number;
      n: number;
      z: number;
    };
    expect(Object.is(parsed.price, -0)).toBe(true);
    expect(Object.is(cleaned.price, 0)).toBe(true);
    expect(Object.is(cleaned.ranges[0]!.value, 0)).toBe(true);
    expect(Object.is(cleaned.rate, 0)).toBe(true);
    expect(cleaned.n).toBe(-1.5);
    expect(Object.is(cleanInput(-0), 0)).toBe(true);
  });

  it("stores text in NFC and refuses NUL and lone surrogates, naming the path", () => {
    expect(cleanInput({ name: "Cafe\u0301" })).toEqual({ name: "Caf\u00e9" });
    expect(failure(() => cleanInput({ a: [{ b: "x\u0000" }] }))).toMatchObject({
      path: "a.0.b",
      code: "invalid_characters",
    });
    expect(failure(() => cleanInput({ name: "\ud800" }))).toMatchObject({
      path: "name",
      code: "invalid_characters",
    });
  });

  it("refuses __proto__ as a key and documents deeper than the limit", () => {
    expect(failure(() => cleanInput(JSON.parse('{"a":{"__proto__":{"admin":true}}}')))).toMatchObject({
      path: "a.__proto__",
      code: "invalid_key",
    });
    const nested = (levels: number): unknown => (levels === 0 ? 1 : [nested(levels - 1)]);
    expect(() => cleanInput(nested(MAX_JSON_DEPTH))).not.toThrow();
    expect(failure(() => cleanInput(nested(MAX_JSON_DEPTH + 1)))).toMatchObject({ code: "too_deep" });
  });
});

describe("parseQuery", () => {
  it("decodes strictly: a malformed escape or invalid UTF-8 is a 422 naming the parameter", () => {
    expect(parseQuery("?search=caf%C3%A9+x&id=1&id=2")).toEqual({
      search: "café x",
      id: ["1", "2"],
    });
    expect(failure(() => parseQuery("?search=%ZZ"))).toMatchObject({
      path: "search",
      code: "invalid_encoding",
    });
    expect(failure(() => parseQuery("?search=%FF%FE"))).toMatchObject({
      path: "search",
      code: "invalid_encoding",
    });
  });
});
