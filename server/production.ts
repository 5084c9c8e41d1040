/**
 * The built server's entry (dist/server.mjs): a build is production, however it is
 * started. `node dist/server.mjs` without NODE_ENV would otherwise run the panel in
 * Next.js's development mode (compiling pages on request, one such process per folder).
 * Set before anything that reads it is loaded: the app is imported only after.
 */
Object.assign(process.env, { NODE_ENV: "production" });
await import("./main");

export {};
