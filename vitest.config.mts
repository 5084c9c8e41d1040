import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Files that need a process of their own: they replace a module (`vi.mock`) or set the
 * environment the server reads once (WEBHOOK_ALLOW_PRIVATE) before importing it.
 */
const OWN_PROCESS = ["tests/adversarial/idempotency.test.ts", "tests/adversarial/webhooks.test.ts", "tests/integration/webhooks.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    environment: "node",
    pool: "forks",
    // Every core (vitest's default leaves one idle): the tests wait on the database, not on the runner.
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: ["tests/setup/database-template.ts"],
    env: {
      NODE_ENV: "test",
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      DATA_DIR: path.join(root, ".data", "vitest"),
      RATE_LIMIT_PER_MINUTE: "0",
      // Every status the HTTP tests see, checked against the OpenAPI document after the run (e2e/document).
      STATUS_RECORD_FILE: path.join(root, ".data", "test-reports", "statuses-vitest.jsonl"),
    },
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["tests/**/*.test.ts"],
          exclude: OWN_PROCESS,
          // The files of a worker run one after another in one process and share its
          // database and runtime (tests/helpers/database.ts): each test makes its own org,
          // so nothing is cleaned up or started again per file.
          isolate: false,
        },
      },
      { extends: true, test: { name: "own-process", include: OWN_PROCESS } },
    ],
  },
});
