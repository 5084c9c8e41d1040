import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "../generated/prisma/client";

/** The few raw operations the migrator and bootstrap need, on either engine. */
export interface SqlSession {
  /** Runs a script of one or more statements. */
  exec(sql: string): Promise<void>;
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  kind: "pglite" | "postgres";
  prisma: PrismaClient;
  /** Runs `work` on one dedicated connection (advisory locks hold on a connection). */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
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
      if (existsSync(/*turbopackIgnore: true*/ lockFile) && readFileSync(/*turbopackIgnore: true*/ lockFile, "utf8").trim() === String(process.pid)) {
        rmSync(/*turbopackIgnore: true*/ lockFile);
      }
    } catch {
      // The process is exiting; a stale lock is detected by its dead pid next time.
    }
  };
  process.once("exit", release);
  return release;
}

/** PGlite in a folder (persisted) or, with `memory://`, in memory (tests). */
export async function openPGlite(location: string): Promise<Database> {
  const inMemory = location.startsWith("memory://");
  const release = inMemory ? () => {} : lockDataDir(location);
  const client = new PGlite(inMemory ? undefined : path.join(location, "pgdata"));
  await client.waitReady;
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  // PGlite is a single connection: queue sessions so a migration never interleaves.
  let queue: Promise<unknown> = Promise.resolve();
  const session: SqlSession = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <Row>(sql: string, params?: unknown[]) =>
      (await client.query<Row>(sql, params as unknown[])).rows,
  };
  return {
    kind: "pglite",
    prisma,
    withSession: (work) => {
      const run = queue.then(() => work(session));
      queue = run.catch(() => undefined);
      return run;
    },
    close: async () => {
      await prisma.$disconnect();
      await client.close();
      release();
    },
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: "postgres",
    prisma,
    withSession: async (work) => {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <Row>(sql: string, params?: unknown[]) =>
            (await client.query(sql, params)).rows as Row[],
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
