import { z } from "zod";
import { dayInput } from "../../lib/calendar";

export const FUNNEL_STAGES = ["SESSION", "PRODUCT", "SHOPPING_CART", "CHECKOUT", "ORDER"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** At most this many events in one request. */
export const MAX_EVENTS = 1000;

/** One event of POST /sales-funnel/events (contract §5 Sales funnel). */
export const funnelEvent = z.object({
  session_id: z.string().trim().min(1, "is required").max(200),
  stage: z.enum(FUNNEL_STAGES, { message: `must be one of: ${FUNNEL_STAGES.join(", ")}` }),
  /** When it happened (ISO 8601 with offset); now when absent. */
  occurred_at: z.iso
    .datetime({ offset: true, message: "must be an ISO 8601 date-time with its offset" })
    // From 2000 on (the server also refuses more than an hour ahead, which no schema can say).
    .meta({ override: { pattern: "^2\\d{3}-" } })
    .optional(),
  product_id: z.uuid({ message: "must be a UUID" }).nullish(),
});
export type FunnelEventInput = z.output<typeof funnelEvent>;

const eventList = z
  .array(funnelEvent, { message: "must be an event object or an array of them" })
  .min(1, "must hold at least one event")
  .max(MAX_EVENTS, `at most ${MAX_EVENTS} events a request`);

/** The body as the document states it: one event, or an array of 1 to 1,000. */
export const funnelEventsDocument = z.union([funnelEvent, eventList]);

/**
 * The body: one event or an array of 1 to 1,000, read as a list that remembers which it
 * was, so errors follow the body's shape (contract §9): a single object names the field
 * (`session_id`), an array the index and field (`3.session_id`).
 */
export const funnelEventsBody = z.unknown().transform((value, ctx) => {
  const single = value !== null && typeof value === "object" && !Array.isArray(value);
  const parsed = single ? funnelEvent.safeParse(value) : eventList.safeParse(value);
  if (parsed.success) return { list: Array.isArray(parsed.data) ? parsed.data : [parsed.data], single };
  for (const issue of parsed.error.issues) {
    ctx.addIssue({
      code: "custom",
      path: issue.path,
      message: issue.message,
      params: { code: issue.message === "is required" ? "required" : issue.code },
    });
  }
  return z.NEVER;
});

export const funnelEventsInput = z.object({ events: funnelEventsBody });

export const funnelEventsAccepted = z.object({ accepted: z.number().int() });

/** GET /sales-funnel: both periods, every date optional (the last 30 days and the 30 before). */
export const funnelQuery = z.object({
  period_start_date: dayInput.optional(),
  period_final_date: dayInput.optional(),
  period_before_start_date: dayInput.optional(),
  period_before_final_date: dayInput.optional(),
});
export type FunnelQuery = z.output<typeof funnelQuery>;

const stageFigures = z.object({ quantity: z.number(), percentage: z.number(), increased_percentage: z.number() });

/** The funnel object of interface.md. */
export const salesFunnel = z.object({
  sessions: z.object({ quantity: z.number(), percentage: z.number() }),
  product: stageFigures,
  shopping_cart: stageFigures,
  checkout: stageFigures,
  order: stageFigures,
});
export type SalesFunnel = z.output<typeof salesFunnel>;
