import { existsSync } from "node:fs";
import path from "node:path";
import { startDatabase } from "./organizations/bootstrap";
import type { Database } from "./db/connection";
import { env } from "./env";
import { configuredStorage } from "./files/storage";
import { startHousekeeping } from "./housekeeping";
import { createAppServer, type AppServer } from "./http/server";
import { flushLogs, log } from "./log";
import { startDemo } from "./organizations/demo-worker";
import { createPanel, type Panel } from "./panel";
import { api } from "./root";
import { createRuntime, registerRuntime, type Runtime } from "./runtime";
import { createDispatcher } from "./webhooks/dispatcher";

/** How long in-flight requests may take to finish after SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface AppOptions {
  /** The database to serve (default: the configured one, opened, migrated and bootstrapped). */
  database?: Database;
  /** Serve the panel through Next.js (default true; tests of the API leave it out). */
  panel?: boolean;
  port?: number;
  host?: string;
  /** What ends the process (tests record it instead). */
  exit?: (code: number) => void;
}

export interface App {
  runtime: Runtime;
  http: AppServer;
  /** The port it listens on. */
  port: number;
  /** Stops taking requests, lets in-flight ones finish, closes everything, then `exit(code)`. */
  shutdown(code: number): Promise<void>;
}

/**
 * Starts the app: database, runtime, HTTP server (API at once, panel when Next.js is
 * ready), housekeeping and the webhook dispatcher. A crash of the embedded database takes the process down (exit 1)
 * after a clear log line, so a supervisor restarts it; meanwhile /api/ready says why.
 */
export async function startApp(options: AppOptions = {}): Promise<App> {
  const startedAt = performance.now();
  const config = env();
  // Before anything opens: a production start without the panel's build stops at once.
  const dev = process.env.NODE_ENV !== "production";
  if (options.panel !== false && !dev && !existsSync(path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
    throw new Error("The panel is not built: run npm run build (npm start builds when needed)");
  }
  const database = options.database ?? (await startDatabase());
  const runtime = registerRuntime(
    await createRuntime(database, {
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      files: configuredStorage(config),
    }),
  );
  const host = options.host ?? config.HOST;
  const panel: Panel | undefined =
    options.panel === false
      ? undefined
      : createPanel({
          dev,
          hostname: host,
          port: options.port ?? config.PORT,
          onFailure: (error) => {
            log().fatal({ err: error }, "the panel (Next.js) could not start; is the app built? (npm run build)");
            void shutdown(1);
          },
        });
  const http = createAppServer(runtime, api, panel?.handle);
  await new Promise<void>((resolve, reject) => {
    http.server.once("error", reject);
    http.server.listen(options.port ?? config.PORT, host, () => resolve());
  });
  const address = http.server.address();
  const port = typeof address === "object" && address ? address.port : (options.port ?? config.PORT);
  log().info({ port, database: database.kind, ms: Math.round(performance.now() - startedAt) }, `listening on http://${host}:${port}`);
  const housekeeping = startHousekeeping(runtime);
  const webhooks = createDispatcher({ prisma: database.prisma, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE });
  webhooks.start();
  // The demo data a first start owes (server/organizations/demo-data.ts), written while requests are answered.
  const demo = startDemo(database.prisma, runtime.files, () => http.inFlight() > 0);
  const exit = options.exit ?? ((code: number) => process.exit(code));

  let stopping: Promise<void> | undefined;
  function shutdown(code: number): Promise<void> {
    return (stopping ??= (async () => {
      runtime.health.draining = true;
      log().info({ inFlight: http.inFlight() }, "shutting down: finishing in-flight requests");
      http.server.close();
      http.server.closeIdleConnections();
      const deadline = Date.now() + SHUTDOWN_GRACE_MS;
      while (http.inFlight() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      http.server.closeAllConnections();
      housekeeping.stop();
      // The demo's step in progress finishes (a transaction of its own); the next start goes on after it.
      await demo.stop().catch(() => undefined);
      // Sends in flight are aborted and their rows left due: the next start sends them.
      await webhooks.stop().catch((error: unknown) => log().warn({ err: error }, "the webhook dispatcher did not stop cleanly"));
      await panel?.close().catch(() => undefined);
      await runtime.close().catch((error: unknown) => log().warn({ err: error }, "the runtime did not close cleanly"));
      await database.close().catch(() => undefined);
      log().info({ code }, "stopped");
      flushLogs();
      exit(code);
    })());
  }

  database.onFatal((error) => {
    runtime.health.fatal = `the embedded database crashed: ${error.message}`;
    log().fatal({ err: error }, "the embedded database crashed and cannot recover: exiting so that a supervisor restarts the process");
    flushLogs();
    void shutdown(1);
  });
  // In development Next compiles pages on demand anyway: start it now. In production it
  // loads on the first page asked for (server/panel.ts).
  if (panel && dev) void panel.prepare().catch(() => undefined);
  return { runtime, http, port, shutdown };
}
