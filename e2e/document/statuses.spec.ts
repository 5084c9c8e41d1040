import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { API, expect, test } from "../fixtures";

/**
 * Runs after the REST and panel tests: every status any REST operation answered during
 * the run must be listed for that operation in the OpenAPI document. The servers record
 * what they answer (STATUS_RECORD_FILE): this run's e2e servers, and the in-process server
 * of vitest's HTTP tests when `npm test` ran them first (statuses-vitest.jsonl beside it).
 */
test("every status the tests observed is documented for its operation", async ({ request }) => {
  const file = process.env.STATUS_RECORD_FILE;
  expect(file, "STATUS_RECORD_FILE is set by playwright.config.ts").toBeTruthy();
  const folder = path.dirname(file!);
  const records = existsSync(folder) ? readdirSync(folder).filter((name) => /^statuses-.*\.jsonl$/.test(name)) : [];
  const lines = new Set(records.flatMap((name) => readFileSync(path.join(folder, name), "utf8").split("\n")).filter(Boolean));
  const observed = [...lines].map((line) => JSON.parse(line) as { method: string; path: string; status: number });
  expect(observed.length).toBeGreaterThan(50);
  const document = await (await request.get(`${API}/openapi.json`)).json();
  const undocumented = observed.filter(({ method, path, status }) => {
    const responses = document.paths[path]?.[method]?.responses ?? {};
    return !(String(status) in responses);
  });
  expect(undocumented.map(({ method, path, status }) => `${method.toUpperCase()} ${path} ${status}`).sort()).toEqual([]);
  const operations = new Set(observed.map(({ method, path }) => `${method} ${path}`));
  console.log(`${observed.length} (operation, status) pairs over ${operations.size} operations, all documented`);
});
