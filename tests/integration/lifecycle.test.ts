/**
 * The app's lifecycle (issue 6): readiness, graceful shutdown that finishes in-flight
 * requests, a crash of the embedded database taking the process down (issue 7,
 * "Critical"), and the per-credential rate limit with Retry-After.
 */
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { connect, type AddressInfo } from "node:net";
import { describe, expect, inject, it, vi } from "vitest";
import { startApp } from "@/server/app";
import { openPGlite } from "@/server/db/connection";
import { diskStorage } from "@/server/files/storage";
import { createAppServer } from "@/server/http/server";
import { api } from "@/server/root";
import { createOrganization } from "@/server/organizations/service";
import { createRequestLimiter } from "@/server/auth/rate-limit";
import { log } from "@/server/log";
import { createRuntime, getRuntime } from "@/server/runtime";
import { newOrg, testDatabase, testRuntime, unique } from "../helpers/database";
import { call, expectProblem } from "../helpers/http";

async function freshEmbeddedApp() {
  const database = await openPGlite("memory://", { dataDir: new Blob([readFileSync(inject("databaseTemplate"))]) });
  const exits: number[] = [];
  const app = await startApp({ database, panel: false, port: 0, host: "127.0.0.1", exit: (code) => exits.push(code) });
  return { app, database, exits, base: `http://127.0.0.1:${app.port}` };
}

// Each test migrates a database of its own and starts an app on it: slow on a busy machine.
describe("lifecycle", { timeout: 120_000 }, () => {
  it("is live and ready, finishes in-flight requests on shutdown, then refuses new ones", async () => {
    const shared = await testRuntime();
    const { app, database, exits, base } = await freshEmbeddedApp();
    expect((await call("GET", "/api/health", { base })).json).toEqual({ status: "ok" });
    expect((await call("GET", "/api/ready", { base })).json).toEqual({ status: "ready", database: "pglite" });

    const { admin } = await createOrganization(database.prisma, {
      name: unique("Org"),
      admin: { email: `${unique("a").replace(" ", "")}@x.example`, password: "password123" },
    });
    // A login spends ~50 ms on the password hash: in flight when the shutdown starts.
    const inFlight = call("POST", "/api/b2b/auth/login", { base, body: { email: admin.email, password: "password123" } });
    while (app.http.inFlight() === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const stopping = app.shutdown(0);
    expect((await inFlight).status).toBe(200);
    await stopping;
    expect(exits).toEqual([0]);
    await expect(call("GET", "/api/health", { base })).rejects.toThrow();
    // The stopped app hands the process back: credentials dropped after a commit are dropped where requests are served.
    expect(getRuntime()).toBe(shared);
  });

  it("exits with 1 after a clear log line when the embedded database crashes, and says so on /api/ready meanwhile", async () => {
    const { app, database, exits } = await freshEmbeddedApp();
    const fatal = vi.spyOn(log(), "fatal");
    // A request whose body is still on its way keeps the shutdown waiting, and its connection
    // open: /api/ready, asked on it once the database crashed, is answered meanwhile.
    const socket = connect(app.port, "127.0.0.1");
    const closed = once(socket, "close");
    await once(socket, "connect");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("utf8")));
    const body = "{not json}";
    socket.write(
      `POST /api/b2b/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 4)}`,
    );
    await vi.waitFor(() => expect(app.http.inFlight()).toBe(1));

    // Nothing the API takes can crash it any more (32 levels at most): crash it behind its back.
    await database
      .withSession((session) => session.query(`SELECT '${"[".repeat(5_000)}${"]".repeat(5_000)}'::jsonb`))
      .catch(() => undefined);
    socket.write(`${body.slice(4)}GET /api/ready HTTP/1.1\r\nHost: x\r\n\r\n`);
    // The crash handler itself shuts down, with 1, once the requests in flight are answered.
    await vi.waitFor(() => expect(exits).toEqual([1]), { timeout: 20_000 });
    await closed;
    const answers = received.split(/(?=HTTP\/1\.1 \d{3} )/);
    expect(answers.map((answer) => answer.slice(9, 12))).toEqual(["422", "503"]);
    expect(JSON.parse(answers[1]!.slice(answers[1]!.indexOf("\r\n\r\n") + 4))).toEqual({
      status: "failed",
      reason: expect.stringMatching(/^the embedded database crashed: /),
    });
    expect(fatal).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      expect.stringMatching(/embedded database crashed and cannot recover: exiting/),
    );
  });
});

describe("rate limit", () => {
  // The limiter's windows are fixed minutes of its clock: the tests set the clock, never wait for one.
  const minute = Date.UTC(2026, 10, 26, 12, 34);

  it("counts each credential in fixed minutes; past the limit the answer is refused until the next minute, with its Retry-After", async () => {
    let now = minute + 15_000;
    const limiter = createRequestLimiter(await testDatabase(), 3, { now: () => now });
    const results = Array.from({ length: 5 }, () => limiter.hit("api:user:a"));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false, false]);
    expect(results[3]!.retryAfter).toBe(45);
    expect(limiter.hit("api:user:b").allowed).toBe(true);
    now = minute + 59_500;
    expect(limiter.hit("api:user:a")).toEqual({ allowed: false, retryAfter: 1 });
    now = minute + 60_000;
    expect(limiter.hit("api:user:a").allowed).toBe(true);
    await limiter.stop();
  });

  it("answers 429 problem+json with Retry-After over HTTP once a credential's minute is used up", async () => {
    const database = await testDatabase();
    const runtime = await createRuntime(database, {
      rateLimitPerMinute: 2,
      files: diskStorage("/tmp/unused"),
      rateLimit: { now: () => minute + 20_000 },
    });
    const { server } = createAppServer(runtime, api);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const org = await newOrg();
      const [admin, viewer] = [await org.bearer(), await org.bearer("VIEWER")];
      const statuses = [];
      for (let index = 0; index < 3; index++)
        statuses.push((await call("GET", "/api/b2b/brands?perPage=1", { base, headers: admin })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await call("GET", "/api/b2b/brands?perPage=1", { base, headers: admin });
      expectProblem(refused, 429);
      expect(refused.headers["retry-after"]).toBe("40");
      expect((await call("GET", "/api/b2b/brands?perPage=1", { base, headers: viewer })).status).toBe(200);
    } finally {
      server.close();
      await runtime.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)("holds across instances through the shared counts, within one flush of each", async () => {
    const database = await testDatabase();
    const key = `api:user:${unique("shared").replace(" ", "")}`;
    const first = createRequestLimiter(database, 10, { flushMs: 60_000, now: () => minute });
    const second = createRequestLimiter(database, 10, { flushMs: 60_000, now: () => minute });
    for (let index = 0; index < 6; index++) expect(first.hit(key).allowed).toBe(true);
    await first.flush();
    for (let index = 0; index < 4; index++) expect(second.hit(key).allowed).toBe(true);
    await second.flush();
    // The second instance learned the first's 6 when it flushed: the limit of 10 is reached.
    expect(second.hit(key).allowed).toBe(false);
    await first.flush();
    expect(first.hit(key).allowed).toBe(true); // its view is one flush behind: the documented tolerance
    await first.flush();
    expect(first.hit(key).allowed).toBe(false);
    await Promise.all([first.stop(), second.stop()]);
  });
});
