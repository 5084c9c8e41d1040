/**
 * How a procedure checks its input and output (server/http/trpc.ts, `syncFirst`): zod's
 * synchronous parse first (its compiled object checks), the asynchronous one for a schema
 * that refines asynchronously. The same values, defaults and errors either way.
 */
import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it, vi } from "vitest";
import { z, ZodError } from "zod";
import { createCallerFactory, createContext, publicProcedure, router } from "@/server/http/trpc";
import { testRuntime } from "../helpers/database";

const plain = z.object({ name: z.string().min(2), count: z.number().int().default(1) });
const refinedLater = z.object({ name: z.string().refine(async (value) => value !== "taken", { message: "is taken" }) });

const procedures = router({
  plain: publicProcedure
    .input(plain)
    .output(z.object({ name: z.string(), count: z.number().max(10) }))
    .query(({ input }) => input),
  refinedLater: publicProcedure
    .input(refinedLater)
    .output(z.object({ name: z.string() }))
    .query(({ input }) => input),
});

async function caller() {
  return createCallerFactory(procedures)(createContext(await testRuntime(), { id: randomUUID(), headers: {}, clientAddress: "test" }));
}

async function refusal(call: Promise<unknown>): Promise<ZodError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  const cause = error instanceof TRPCError ? error.cause : null;
  expect(cause).toBeInstanceOf(ZodError);
  return cause instanceof ZodError ? cause : new ZodError([]);
}

describe("procedure checks", () => {
  it("check synchronously: defaults applied, the input's and the output's errors as zod states them", async () => {
    const call = await caller();
    expect(await call.plain({ name: "ok" })).toEqual({ name: "ok", count: 1 });
    expect((await refusal(call.plain({ name: "x", count: 1.5 }))).issues.map((issue) => issue.path.join("."))).toEqual(["name", "count"]);
    // The output check runs too: 11 is past the output's maximum (a server error, not the client's).
    const output = await call.plain({ name: "ok", count: 11 }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(output).toBeInstanceOf(TRPCError);
    expect(output instanceof TRPCError ? output.code : null).toBe("INTERNAL_SERVER_ERROR");
  });

  it("a schema that refines asynchronously is still checked, asynchronously", async () => {
    const call = await caller();
    expect(await call.refinedLater({ name: "free" })).toEqual({ name: "free" });
    expect((await refusal(call.refinedLater({ name: "taken" }))).issues).toEqual([
      expect.objectContaining({ path: ["name"], message: "is taken" }),
    ]);
  });

  it("the synchronous parse is the one that runs for a schema that does not refine asynchronously", async () => {
    const call = await caller();
    const parse = vi.spyOn(plain, "parse");
    try {
      await call.plain({ name: "ok" });
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });
});
