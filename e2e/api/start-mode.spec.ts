import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../fixtures";

/**
 * `node dist/server.mjs` with no NODE_ENV (the README's ways to start, a Dockerfile's CMD, a
 * supervisor that forgot it): the built server runs in production mode itself. In
 * development mode Next.js compiled pages on request and a second process in the same
 * folder exited; here two of them, each on its own embedded database, serve the panel.
 */
test("two built servers started without NODE_ENV both serve the panel in production mode", async ({ request }) => {
  test.setTimeout(180_000);
  const started: Array<{ child: ChildProcess; dir: string; url: string; output: string[] }> = [];
  try {
    for (const port of [3391, 3392]) {
      const dir = mkdtempSync(path.join(os.tmpdir(), "b2b-start-"));
      const output: string[] = [];
      const env = { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: "127.0.0.1", DEMO_DATA: "false", LOG_LEVEL: "warn" };
      // Started as a person would: no NODE_ENV, the embedded database.
      Reflect.deleteProperty(env, "NODE_ENV");
      Reflect.deleteProperty(env, "DATABASE_URL");
      const child = spawn(process.execPath, ["dist/server.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      started.push({ child, dir, url: `http://127.0.0.1:${port}`, output });
    }
    for (const server of started) {
      await expect
        .poll(async () => (await request.get(`${server.url}/api/ready`).catch(() => undefined))?.status(), { timeout: 90_000 })
        .toBe(200);
      const page = await request.get(`${server.url}/sign-in`);
      expect(page.status()).toBe(200);
      const html = await page.text();
      // Development mode hides the page until its styles load, and serves its chunks from a dev path.
      expect(html).not.toContain("data-next-hide-fouc");
      expect(html).not.toMatch(/_next\/static\/(development|webpack)\//);
      expect(server.child.exitCode, server.output.join("")).toBeNull();
    }
  } finally {
    for (const server of started) {
      server.child.kill("SIGTERM");
      await new Promise((resolve) => (server.child.exitCode === null ? server.child.once("exit", resolve) : resolve(undefined)));
      rmSync(server.dir, { recursive: true, force: true });
    }
  }
});
