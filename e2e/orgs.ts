/**
 * The orgs the e2e server prepares before the tests (e2e/setup-database.ts). Specs work in
 * the demo org with records of their own, uniquely named, and assert only on those; a spec
 * that reads the figures of a whole org (the dashboard's totals) has an org of its own, so
 * no other worker's records change them under it.
 */
export interface E2eOrg {
  name: string;
  email: string;
  password: string;
  demoData: boolean;
  /** Used by the panel's tests only: not prepared for a run without them (`npm test -- --no-ui`). */
  uiOnly?: boolean;
}

export const ORGS: Record<"main" | "other" | "dashboard", E2eOrg> = {
  /** The demo org: most specs' records live here. */
  main: { name: "E2E Org", email: "admin@example.com", password: "admin12345", demoData: true },
  /** Tenant isolation: another org, which must never see the demo org's records. */
  other: { name: "E2E Other Org", email: "other-admin@example.com", password: "other12345", demoData: false },
  /** e2e/ui/dashboard.spec.ts: totals of a whole org, checked against the API. */
  dashboard: { name: "E2E Dashboard Org", email: "dashboard-admin@example.com", password: "dashboard12345", demoData: true, uiOnly: true },
};
