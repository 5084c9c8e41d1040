/**
 * The app's one entry point (`npm start`, `npm run dev`, the e2e server, the bench):
 * validates the environment, opens and migrates the database, starts the runtime and
 * the background work, serves the API from node:http and hands everything else to
 * Next.js (server/app.ts), and shuts down gracefully on SIGTERM or SIGINT.
 */
import { setFlagsFromString } from "node:v8";
import { startApp } from "./app";
import { DatabaseInUseError } from "./db/connection";
import { EnvError } from "./env";
import { flushLogs, log } from "./log";

process.on("unhandledRejection", (reason) => {
  log().error({ err: reason }, "unhandled promise rejection");
});
process.on("uncaughtException", (error) => {
  log().fatal({ err: error }, "uncaught exception: exiting");
  flushLogs();
  process.exit(1);
});

try {
  const app = await startApp();
  // V8 lets the old generation grow to up to four times what survived its last full
  // collection before it collects again; under load the objects of requests that outlive
  // two scavenges (50 in flight) pile up there as garbage: RSS after the REST bench ranged
  // over 230–380 MB. Twice what survived keeps it near 220 MB for no measurable CPU. Set
  // once started: while modules load the heap only grows, and collecting early is wasted.
  setFlagsFromString("--heap-growing-percent=100");
  process.once("SIGTERM", () => void app.shutdown(0));
  process.once("SIGINT", () => void app.shutdown(0));
} catch (error) {
  if (error instanceof EnvError || error instanceof DatabaseInUseError) console.error(error.message);
  else log().fatal({ err: error }, "the app could not start");
  flushLogs();
  process.exit(1);
}
