import pino, { type Logger } from "pino";

/**
 * Structured JSON logs (pino), one line per event. Lines about a request carry its
 * `reqId` (the `X-Request-Id` it was answered with): the server's access line, and every
 * error logged while serving it (the request is passed along explicitly, not through
 * AsyncLocalStorage, whose promise hooks would tax every request on Node 20).
 *
 * The logger lives on `globalThis`: the server entry and the code Next.js bundles for
 * the panel (next-auth, server components) are separate module copies of this file,
 * and both must write through one logger.
 */
interface LogState {
  root: Logger;
  destination: ReturnType<typeof pino.destination>;
}

const KEY = Symbol.for("b2b.log");
const holder = globalThis as unknown as { [KEY]?: LogState };

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
const REDACTED = [
  "password",
  "*.password",
  "current_password",
  "new_password",
  "temporary_password",
  "*.temporary_password",
  "secret",
  "*.secret",
  "secret_key",
  "*.secret_key",
  "access_token",
  "headers.authorization",
  "headers.cookie",
  'headers["x-service-access-key-code"]',
];

function createState(): LogState {
  const level = process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "silent" : "info");
  // Buffered: a line per request must not cost a write system call each. `flushLogs`
  // empties the buffer on shutdown and before a fatal exit.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const root = pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED, censor: "[redacted]" },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
  // A quiet server's lines still show within a second.
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Not open yet.
    }
  }, 1000).unref();
  return { root, destination };
}

function state(): LogState {
  holder[KEY] ??= createState();
  return holder[KEY];
}

/** The process's logger; pass `{ reqId }` in a line about a request. */
export function log(): Logger {
  return state().root;
}

/** Writes out what is buffered, synchronously (shutdown, fatal errors). */
export function flushLogs(): void {
  try {
    state().destination.flushSync();
  } catch {
    // Not open yet, or nothing to flush to any more.
  }
}
