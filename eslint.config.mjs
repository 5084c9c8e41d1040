import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/**
 * Next.js's recommended rules plus the project's own conventions:
 *
 * - Raw SQL goes through server/db/sql.ts (`scopedQuery`, `scopedExecute`), which binds
 *   the caller's org: a raw query anywhere else is an error, so tenant isolation cannot
 *   be bypassed by accident. The files allowed below touch only global tables
 *   (credentials, idempotency keys, rate-limit and sign-in counters, migrations), never
 *   an org's records, and each says why. One exception reads org rows: the webhook
 *   dispatcher's claim (server/webhooks/claim.ts) drains the outbox of every org with one
 *   FOR UPDATE SKIP LOCKED statement on webhook_deliveries; what it then does with a row
 *   goes through the scoped client of the row's org.
 */
const RAW_SQL = {
  selector: "MemberExpression[property.name=/^\\$(queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe)$/]",
  message: "Raw SQL only through server/db/sql.ts (scopedQuery/scopedExecute), which binds the caller's organization.",
};

const config = [
  {
    ignores: [
      ".next/**",
      "dist/**",
      "server/generated/**",
      "node_modules/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      "no-restricted-syntax": ["error", RAW_SQL],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Global tables by design (see each file): credentials re-checked with row locks and
    // their change notifications, idempotency records, request and sign-in counters.
    files: [
      "server/db/sql.ts",
      "server/auth/principal.ts",
      "server/auth/credential-events.ts",
      "server/auth/login-throttle.ts",
      "server/http/idempotency.ts",
      "server/auth/rate-limit.ts",
      "server/webhooks/claim.ts",
      "tests/**",
      "scripts/**",
    ],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    // react-hook-form's `field.ref` is a callback ref, not a ref object read during render.
    rules: { "react-hooks/refs": "off" },
  },
  {
    // CommonJS by necessity (preloaded with node --require).
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
