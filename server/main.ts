/**
 * The app's one entry point (`npm start`, `npm run dev`, the e2e server, the bench):
 * validates the environment, opens and migrates the database, starts the runtime and
 * the background work, serves the API from node:http and hands everything else to
 * Next.js (server/app.ts), and shuts down gracefully on SIGTERM or SIGINT.
 */
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
  process.once("SIGTERM", () => void app.shutdown(0));
  process.once("SIGINT", () => void app.shutdown(0));
} catch (error) {
  if (error instanceof EnvError || error instanceof DatabaseInUseError) console.error(error.message);
  else log().fatal({ err: error }, "the app could not start");
  flushLogs();
  process.exit(1);
}
