-- Issue 47: each endpoint's due deliveries, oldest first, read by the claim without the backlog of others.
-- Partial (PENDING rows only), so it is not declared in schema.prisma.
CREATE INDEX "webhook_deliveries_pending_due_idx" ON "webhook_deliveries" ("webhook_id", "next_attempt_at", "id") WHERE "state" = 'PENDING';
