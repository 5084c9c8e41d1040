import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { parseEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { problemOf } from "@/server/http/problem";
import { memoryCounters } from "@/server/lib/counters";
import { pagingInput, queryBoolean } from "@/server/lib/paging";
import { normalizeSearch, searchText } from "@/server/lib/search";
import { normalizeError } from "@/server/trpc";

describe("paging input", () => {
  it("defaults to page 0, 25 per page, ascending, and clamps perPage to 100", () => {
    expect(pagingInput.parse({})).toEqual({ search: "", page: 0, perPage: 25, sort: "", dir: "asc" });
    expect(pagingInput.parse({ perPage: "500", page: "2" })).toMatchObject({ perPage: 100, page: 2 });
  });
  it("refuses negative numbers and unknown directions", () => {
    expect(pagingInput.safeParse({ page: -1 }).success).toBe(false);
    expect(pagingInput.safeParse({ perPage: -5 }).success).toBe(false);
    expect(pagingInput.safeParse({ dir: "up" }).success).toBe(false);
  });
  it("reads query booleans literally", () => {
    expect(queryBoolean.parse("false")).toBe(false);
    expect(queryBoolean.parse("true")).toBe(true);
    expect(queryBoolean.safeParse("yes").success).toBe(false);
  });
});

describe("search text", () => {
  it("ignores case and accents", () => {
    expect(normalizeSearch("  São PAULO ")).toBe("sao paulo");
    expect(searchText(["Ação", null, "Ünïcode"])).toBe("acao unicode");
  });
});

describe("passwords", () => {
  it("hash with a salt and verify", async () => {
    const first = await hashPassword("correct horse");
    const second = await hashPassword("correct horse");
    expect(first).not.toBe(second);
    expect(first.startsWith("scrypt$")).toBe(true);
    expect(await verifyPassword("correct horse", first)).toBe(true);
    expect(await verifyPassword("wrong horse", first)).toBe(false);
    expect(await verifyPassword("x", "garbage")).toBe(false);
  });
});

describe("environment", () => {
  it("applies documented defaults and treats empty values as unset", () => {
    const env = parseEnv({ AUTH_SECRET: "s".repeat(32), DATABASE_URL: "", RATE_LIMIT_PER_MINUTE: "" });
    expect(env).toMatchObject({
      DATABASE_URL: undefined,
      ADMIN_EMAIL: "admin@example.com",
      RATE_LIMIT_PER_MINUTE: 1200,
      DEMO_DATA: true,
    });
  });
  it("names every bad variable", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", ADMIN_EMAIL: "nope", AUTH_SECRET: "short" })).toThrow(
      /DATABASE_URL[\s\S]*AUTH_SECRET[\s\S]*ADMIN_EMAIL|DATABASE_URL[\s\S]*ADMIN_EMAIL/,
    );
  });
});

describe("error mapping", () => {
  const wrap = (cause: unknown, code: TRPCError["code"] = "INTERNAL_SERVER_ERROR") => new TRPCError({ code, cause });

  it("maps AppError codes and zod input errors to HTTP problems", () => {
    expect(problemOf(normalizeError(wrap(AppError.notFound("Brand")), undefined))).toMatchObject({ status: 404, detail: "Brand not found" });
    const zodError = z.object({ name: z.string() }).safeParse({}).error!;
    const problem = problemOf(normalizeError(wrap(zodError, "BAD_REQUEST"), undefined));
    expect(problem).toMatchObject({ status: 422, errors: [{ path: "name" }] });
    expect(problemOf(normalizeError(wrap(zodError, "BAD_REQUEST"), { invalidInputStatus: 400 })).status).toBe(400);
  });

  it("hides the details of unexpected errors", () => {
    const original = console.error;
    console.error = () => {};
    try {
      const problem = problemOf(normalizeError(wrap(new Error("SELECT * FROM secrets failed")), undefined));
      expect(problem).toEqual({ type: "about:blank", title: "Internal Server Error", status: 500, detail: "An unexpected error occurred" });
    } finally {
      console.error = original;
    }
  });
});

describe("memory counters", () => {
  it("count hits per key within a window", async () => {
    const counters = memoryCounters();
    expect((await counters.hit("a", 60)).count).toBe(1);
    expect((await counters.hit("a", 60)).count).toBe(2);
    expect((await counters.hit("b", 60)).count).toBe(1);
    expect(await counters.peek("a", 60)).toBe(2);
    expect(await counters.peek("c", 60)).toBe(0);
  });
});
