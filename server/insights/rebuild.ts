import type { Db } from "../db/scoped";
import { rebuildFunnel } from "./funnel/service";
import { rebuildSalesRollups } from "./sales-rollups";

/**
 * Recomputes every insights rollup of the org from the source rows (funnel events,
 * sales): for data written before the rollups existed, or by hand. Run it in one
 * transaction (`npm run cli -- insights:rebuild`).
 */
export async function rebuildInsights(db: Db): Promise<void> {
  await rebuildSalesRollups(db);
  await rebuildFunnel(db);
}
