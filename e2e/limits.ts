/**
 * The e2e servers' RATE_LIMIT_PER_MINUTE. Every spec signs in as the same demo ADMIN, and
 * the limit is per credential (contract §6), so the budget must cover what all of the
 * suite's workers send as that user in one minute on the faster database; the tests of
 * the limit itself use fresh access keys and send just past it.
 */
export const E2E_RATE_LIMIT = 2400;
