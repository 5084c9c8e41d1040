import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";

/**
 * With STATUS_RECORD_FILE set (the test runs), every status each REST operation answers
 * is written there once, as `{"method","path","status"}` lines. A test then checks that
 * the OpenAPI document lists every status the tests saw (e2e/document).
 */
const file = process.env.STATUS_RECORD_FILE;
const seen = new Set<string>();
// Its folder may not exist yet (a fresh clone running vitest alone, without `npm test`).
if (file) mkdirSync(dirname(file), { recursive: true });

export function recordStatus(method: string, template: string, status: number): void {
  if (!file) return;
  const line = JSON.stringify({ method: method.toLowerCase(), path: template, status });
  if (seen.has(line)) return;
  seen.add(line);
  appendFileSync(file, `${line}\n`);
}
