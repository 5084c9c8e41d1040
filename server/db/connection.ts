import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client";
import { PREPARED_MARK } from "./sql";

/** The few raw operations the migrator and bootstrap need, on either engine. */
export interface SqlSession {
  /** Runs a script of one or more statements. */
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Listener {
  close(): Promise<void>;
}

export interface Database {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  /** Runs `work` on one dedicated connection (advisory locks hold on a connection). */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * Subscribes to NOTIFY on `channel`. `onState(false)` when the subscription is lost
   * (notifications may have been missed), `onState(true)` once it holds again; a lost
   * PostgreSQL connection is re-opened with a growing delay.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState: (up: boolean) => void): Promise<Listener>;
  /**
   * Runs one statement (`$1`… placeholders) on its own — its own transaction, never inside
   * another — straight on the driver; on PostgreSQL a marked one (server/db/sql.ts,
   * `PREPARED_MARK`) is prepared once per pool connection (`statementNameOf`). Its columns
   * come as the driver reads them (text, booleans, JSON, timestamps as Date): cast numbers
   * to text. For the hottest statements only (server/db/sql.ts: `statementQuery` for a write
   * one statement makes, `driverReads` for a hot read); everything else goes through Prisma.
   */
  statement<Row>(text: string, values: readonly unknown[]): Promise<Row[]>;
  /** Answers when the database answers a trivial query; throws otherwise. */
  ping(): Promise<void>;
  /**
   * Called once if the database becomes unusable for good (the embedded engine's
   * WebAssembly crashed): the process must restart.
   */
  onFatal(handler: (error: Error) => void): void;
  close(): Promise<void>;
}

/** The embedded engine, which can also hand out a copy of its data folder (a tar archive). */
export interface EmbeddedDatabase extends Database {
  dumpDataDir(): Promise<Blob>;
}

/**
 * A WebAssembly trap inside PGlite ("memory access out of bounds", "unreachable") leaves
 * the embedded engine's memory corrupt: every later query fails.
 */
export function isEmbeddedEngineCrash(error: unknown): error is Error {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (cause instanceof WebAssembly.RuntimeError) return true;
    if (/memory access out of bounds|unreachable executed|^Aborted\(/.test(cause.message)) return true;
  }
  return false;
}

export class DatabaseInUseError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The embedded database in ${dir} is open in another process (pid ${pid}), most likely the running app server. ` +
        `Only one process may open it: stop that process first, or run against PostgreSQL by setting DATABASE_URL.`,
    );
    this.name = "DatabaseInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite keeps its files in one folder that only one process may open. A lock file
 * with the owner's pid makes a second process (the CLI while the server runs) fail
 * with a clear message instead of corrupting the data.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(/*turbopackIgnore: true*/ dir, { recursive: true });
  const lockFile = path.join(dir, "owner.pid");
  if (existsSync(/*turbopackIgnore: true*/ lockFile)) {
    const pid = Number(readFileSync(/*turbopackIgnore: true*/ lockFile, "utf8").trim());
    if (pid && pid !== process.pid && isAlive(pid)) throw new DatabaseInUseError(dir, pid);
  }
  writeFileSync(/*turbopackIgnore: true*/ lockFile, String(process.pid));
  const release = () => {
    try {
      if (
        existsSync(/*turbopackIgnore: true*/ lockFile) &&
        readFileSync(/*turbopackIgnore: true*/ lockFile, "utf8").trim() === String(process.pid)
      ) {
        rmSync(/*turbopackIgnore: true*/ lockFile);
      }
    } catch {
      // The process is exiting; a stale lock is detected by its dead pid next time.
    }
  };
  process.once("exit", release);
  return release;
}

/**
 * PGlite in a folder (persisted) or, with `memory://`, in memory (tests). `from` starts
 * it from a dump of another one's data folder (`dumpDataDir`): the tests' migrated
 * template, instead of creating and migrating a database for every test worker.
 */
export async function openPGlite(location: string, from?: { dataDir: Blob }): Promise<EmbeddedDatabase> {
  const inMemory = location.startsWith("memory://");
  const release = inMemory ? () => {} : lockDataDir(location);
  // Loaded only here: an instance on PostgreSQL never pays for the embedded engine.
  const [{ PGlite }, { btree_gin }, { fuzzystrmatch }, { pg_trgm }, { unaccent }, { PrismaPGlite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/btree_gin"),
    import("@electric-sql/pglite/contrib/fuzzystrmatch"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/unaccent"),
    import("pglite-prisma-adapter"),
  ]);
  // The contrib extensions product search runs on (server/db/migrator.ts, REQUIRED_EXTENSIONS).
  const client = new PGlite({
    ...(inMemory ? {} : { dataDir: path.join(location, "pgdata") }),
    ...(from ? { loadDataDir: from.dataDir } : {}),
    extensions: { pg_trgm, unaccent, fuzzystrmatch, btree_gin },
  });
  await client.waitReady;
  const fatalHandlers: Array<(error: Error) => void> = [];
  let crashed: Error | undefined;
  const checkCrash = (error: unknown) => {
    if (crashed || !isEmbeddedEngineCrash(error)) return;
    crashed = error;
    for (const handler of fatalHandlers) handler(error);
  };
  // Every query of the app (Prisma's adapter included) goes through these two methods.
  for (const method of ["query", "exec"] as const) {
    const original = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      try {
        return await original(...args);
      } catch (error) {
        checkCrash(error);
        throw error;
      }
    };
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  // PGlite is a single connection: queue sessions so a migration never interleaves.
  let queue: Promise<unknown> = Promise.resolve();
  const session: SqlSession = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) => (await client.query<Row>(sql, params as unknown[])).rows,
  };
  return {
    kind: "pglite",
    prisma,
    // PGlite runs a query outside a transaction only once no transaction is open.
    statement: async <Row>(text: string, values: readonly unknown[]) => (await client.query<Row>(text, [...values])).rows,
    withSession: (work) => {
      const run = queue.then(() => work(session));
      queue = run.catch(() => undefined);
      return run;
    },
    listen: async (channel, onMessage, onState) => {
      const unsubscribe = await client.listen(channel, onMessage);
      onState(true);
      return { close: () => unsubscribe() };
    },
    ping: async () => {
      if (crashed) throw crashed;
      await client.query("SELECT 1");
    },
    onFatal: (handler) => {
      fatalHandlers.push(handler);
      if (crashed) handler(crashed);
    },
    close: async () => {
      await prisma.$disconnect();
      if (!crashed) await client.close();
      release();
    },
    dumpDataDir: () => client.dumpDataDir("none"),
  };
}

/** A NOTIFY subscription on its own PostgreSQL connection, re-opened when it drops. */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (up: boolean) => void,
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = 250;
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      onState(false);
      next.end().catch(() => undefined);
      if (!closed) retry = setTimeout(reconnect, delay);
      delay = Math.min(delay * 2, 10_000);
    };
    next.on("error", lost);
    next.on("end", lost);
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', "")}"`);
    client = next;
    delay = 250;
    onState(true);
  };
  const reconnect = () => {
    connect().catch(() => {
      if (!closed) retry = setTimeout(reconnect, delay);
      delay = Math.min(delay * 2, 10_000);
    });
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/** The names of the marked statements, by text: hashed once, not on every run (their texts are few). */
const preparedNames = new Map<string, string>();

/**
 * The name a statement is prepared under on each connection: the statements marked by
 * `preparedQuery` (server/db/sql.ts), by their text; every other one stays unnamed
 * (parsed and planned with its values each time).
 */
export function statementNameOf({ sql }: { sql: string }): string {
  if (!sql.startsWith(PREPARED_MARK)) return "";
  let name = preparedNames.get(sql);
  if (name === undefined) preparedNames.set(sql, (name = `p_${createHash("sha256").update(sql).digest("base64url").slice(0, 40)}`));
  return name;
}

/**
 * Prisma's query compiler is a WebAssembly module. V8 compiles a module first with its
 * baseline compiler (Liftoff), then recompiles its hot functions with TurboFan on
 * background threads, whose memory glibc keeps: ~50 MB of the process for good. With
 * PostgreSQL that buys nothing: Prisma caches each query shape's plan, so the compiler
 * runs on a shape's first call only (measured: the same req/s either way, RSS after the
 * REST bench ~240 MB instead of 270–380). Not with PGlite, whose whole engine is WebAssembly.
 */
function baselineWebAssemblyOnly() {
  setFlagsFromString("--liftoff-only");
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  baselineWebAssemblyOnly();
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection that breaks (the server restarted) is dropped by the pool; without a
  // listener its error would take the process down.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { statementNameGenerator: statementNameOf }) });
  return {
    kind: "postgres",
    prisma,
    statement: async <Row>(text: string, values: readonly unknown[]) =>
      (await pool.query<Row & pg.QueryResultRow>({ name: statementNameOf({ sql: text }) || undefined, text, values: [...values] })).rows,
    listen: (channel, onMessage, onState) => listenPostgres(connectionString, channel, onMessage, onState),
    ping: async () => {
      await pool.query("SELECT 1");
    },
    // A PostgreSQL server outlives its failures; errors stay per query.
    onFatal: () => undefined,
    withSession: async (work) => {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <Row>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as Row[],
        });
      } finally {
        client.release();
      }
    },
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
