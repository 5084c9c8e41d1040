import { CredentialCache } from "./auth/credential-cache";
import type { Database, Listener } from "./db/connection";
import { type FileStorage } from "./files/storage";
import { createRequestLimiter, type LimiterOptions, type RequestLimiter } from "./auth/rate-limit";
import { log } from "./log";

/** The NOTIFY channel of credential changes (server/auth/credential-events.ts). */
export const CREDENTIALS_CHANNEL = "b2b_credentials";

/**
 * What lives as long as the process and every request shares: the database, the rate
 * limiter, the credential cache, the file storage and the health state.
 *
 * It is registered on `globalThis`: the server entry and the code Next.js bundles for
 * the panel (next-auth's sign-in, server components) are separate module copies of the
 * server code, and both must use one database, one cache and one set of counters.
 */
export interface Runtime {
  database: Database;
  limiter: RequestLimiter;
  credentials: CredentialCache;
  /** Where uploaded files' bytes live. */
  files: FileStorage;
  health: {
    /** Set when the process can no longer serve (the embedded database crashed). */
    fatal?: string;
    /** Set while shutting down: no new work, in-flight requests finish. */
    draining: boolean;
  };
  close(): Promise<void>;
}

export interface RuntimeOptions {
  rateLimitPerMinute: number;
  /** Where uploaded files' bytes live (server/files/storage.ts). */
  files: FileStorage;
  /** How often rate-limit counts are shared with other instances, and the clock of their windows (server/auth/rate-limit.ts). */
  rateLimit?: LimiterOptions;
}

const KEY = Symbol.for("b2b.runtime");
/** The runtimes registered and not yet closed, the newest last: it is the process's runtime. */
const holder = globalThis as unknown as { [KEY]?: Runtime[] };

/** Builds the runtime on an open, migrated database and subscribes to credential changes. */
export async function createRuntime(database: Database, options: RuntimeOptions): Promise<Runtime> {
  const credentials = new CredentialCache();
  const limiter = createRequestLimiter(database, options.rateLimitPerMinute, options.rateLimit);
  const subscription: { listener?: Listener } = {};
  const runtime: Runtime = {
    database,
    limiter,
    credentials,
    files: options.files,
    health: { draining: false },
    async close() {
      // A closed runtime hands the process back to the one registered before it (a test's app stopped,
      // the shared test runtime serves again): what is forgotten after a commit is forgotten where requests are served.
      holder[KEY] = (holder[KEY] ?? []).filter((registered) => registered !== runtime);
      await subscription.listener?.close();
      await limiter.stop();
    },
  };
  subscription.listener = await database.listen(
    CREDENTIALS_CHANNEL,
    (payload) => {
      const [kind, id] = payload.split(":");
      if (kind === "user" && id) credentials.forgetUser(id);
      else if (kind === "key" && id) credentials.forgetKey(id);
    },
    (up) => {
      // Changes may have been missed while deaf: start over and keep entries short.
      credentials.clear();
      credentials.listening = up;
      if (!up) log().warn("credential change notifications lost; caching credentials for 1 s until they return");
    },
  );
  return runtime;
}

/** Makes `runtime` the process's runtime (the server entry, the test helpers). */
export function registerRuntime(runtime: Runtime): Runtime {
  holder[KEY] = [...(holder[KEY] ?? []).filter((registered) => registered !== runtime), runtime];
  return runtime;
}

/** The process's runtime; the server entry registers it before serving anything. */
export function getRuntime(): Runtime {
  const runtime = holder[KEY]?.at(-1);
  if (!runtime) throw new Error("The server runtime is not started (start the app with `npm start` or `npm run dev`).");
  return runtime;
}
