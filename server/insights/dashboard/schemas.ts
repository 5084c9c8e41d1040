import { z } from "zod";
import { dayInput } from "../../lib/calendar";
import { mostSoldRecord } from "../most-sold/schemas";

/**
 * The dashboard's period: `start_date`–`final_date`, or the last `days` days (today
 * included; 30 by default). It is compared with as many days before it.
 */
export const dashboardInput = z.object({
  days: z.number().int().min(1).max(1096).optional(),
  start_date: dayInput.optional(),
  final_date: dayInput.optional(),
});
export type DashboardInput = z.output<typeof dashboardInput>;

const period = z.object({ start: z.string(), final: z.string() });

/** A figure of the period, the same of the previous one, and the change in percent (null: nothing to compare with). */
const kpi = z.object({ current: z.number(), previous: z.number(), change: z.number().nullable() });

export const AGING_BUCKETS = ["CURRENT", "DAYS_1_30", "DAYS_31_60", "DAYS_61_90", "OVER_90"] as const;
export const DASHBOARD_STAGES = ["SESSIONS", "PRODUCT", "SHOPPING_CART", "CHECKOUT", "ORDER"] as const;

export const dashboard = z.object({
  /** Whose sales and receivables the figures are: the org's, or (for a SELLER) its own seller's. */
  figures_of: z.enum(["ORGANIZATION", "SELLER"]),
  period,
  previous_period: period,
  kpis: z.object({
    revenue: kpi,
    sales: kpi,
    average_ticket: kpi,
    /** Outstanding receivables at the end of each period. */
    open_receivables: kpi,
    overdue_receivables: kpi,
  }),
  /** One row per day of the period, aligned with the same position in the previous one. */
  revenue_by_day: z.array(z.object({ day: z.string(), previous_day: z.string(), revenue: z.number(), previous_revenue: z.number() })),
  funnel: z.array(
    z.object({
      stage: z.enum(DASHBOARD_STAGES),
      quantity: z.number().int(),
      previous_quantity: z.number().int(),
      /** Of the sessions, in percent. */
      percentage: z.number(),
      /** Of the stage before, in percent (100 for sessions). */
      conversion: z.number(),
    }),
  ),
  top_products: z.array(mostSoldRecord.extend({ image_url: z.string().nullable() })),
  /** Outstanding receivables now, by how late they are. */
  receivables_aging: z.array(z.object({ bucket: z.enum(AGING_BUCKETS), value: z.number(), count: z.number().int() })),
});
export type Dashboard = z.output<typeof dashboard>;
