import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { parseEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { problemOf } from "@/server/http/problem";
import { pagingInput, queryBoolean } from "@/server/lib/paging";
import { normalizeSearch, searchText } from "@/server/lib/search";
import { normalizeError } from "@/server/http/trpc";

describe("paging input", () => {
  const paging = pagingInput(["id", "name"]);
  it("defaults to page 0, 25 per page, ascending, and clamps perPage to 100", () => {
    expect(paging.parse({})).toEqual({ search: "", page: 0, perPage: 25, sort: "", dir: "asc" });
    expect(paging.parse({ perPage: "500", page: "2" })).toMatchObject({ perPage: 100, page: 2 });
  });
  it("refuses negative numbers and unknown directions", () => {
    expect(paging.safeParse({ page: -1 }).success).toBe(false);
    expect(paging.safeParse({ perPage: -5 }).success).toBe(false);
    expect(paging.safeParse({ dir: "up" }).success).toBe(false);
  });
  it("takes whole numbers written as digits only", () => {
    for (const page of ["0x10", " 1", "1 ", "1e3", "1.5", "", "+1"]) expect(paging.safeParse({ page }).success, page).toBe(false);
    expect(paging.parse({ page: "007" }).page).toBe(7);
  });
  it("sorts only by the list's fields: anything else, prototype names included, is refused", () => {
    expect(paging.parse({ sort: "name" }).sort).toBe("name");
    for (const sort of ["constructor", "__proto__", "toString", "password_hash", "hasOwnProperty"]) {
      expect(paging.safeParse({ sort }).success, sort).toBe(false);
    }
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
    expect(problemOf(normalizeError(wrap(AppError.notFound("Brand")), undefined))).toMatchObject({
      status: 404,
      detail: "Brand not found",
    });
    const zodError = z.object({ name: z.string() }).safeParse({}).error!;
    const problem = problemOf(normalizeError(wrap(zodError, "BAD_REQUEST"), undefined));
    expect(problem).toMatchObject({ status: 422, errors: [{ path: "name" }] });
    expect(problemOf(normalizeError(wrap(zodError, "BAD_REQUEST"), { invalidInputStatus: 400 })).status).toBe(400);
  });

  it("hides the details of unexpected errors", () => {
    const problem = problemOf(normalizeError(wrap(new Error("SELECT * FROM secrets failed")), undefined));
    expect(problem).toEqual({
      type: "about:blank",
      title: "Internal Server Error",
      status: 500,
      detail: "An unexpected error occurred",
      code: "internal_error",
    });
  });
});
