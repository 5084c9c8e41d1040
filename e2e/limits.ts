/**
 * The e2e servers' RATE_LIMIT_PER_MINUTE (contract §6: per credential). Specs sign in as
 * their org's ADMIN, and the panel's pages call the API as that user, so the budget must
 * cover what the suite's workers send as one user in one minute (2,400 was passed once,
 * on a quiet machine, after the suite grew). The limit itself is tested with a clock of
 * its own (tests/integration/lifecycle.test.ts).
 */
export const E2E_RATE_LIMIT = 6000;
