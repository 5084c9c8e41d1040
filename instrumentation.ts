/**
 * Runs once when the server starts: validates the environment, opens the database,
 * applies pending migrations and, on an empty database, creates the first org.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { env } = await import("./server/env");
  env();
  const { database } = await import("./server/db");
  await database();
}
