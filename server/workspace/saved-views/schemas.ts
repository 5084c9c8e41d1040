import { z } from "zod";
import { requiredText } from "../../lib/schemas";

/** What a view keeps of a list: its search, order, page size, filters and columns. */
export const viewState = z.object({
  search: z.string().max(200).optional(),
  sort: z.string().max(60).optional(),
  dir: z.enum(["asc", "desc"]).optional(),
  perPage: z.number().int().min(1).max(100).optional(),
  filters: z
    .record(z.string().max(60), z.string().max(200))
    .refine((map) => Object.keys(map).length <= 30, "at most 30 filters")
    .optional(),
  columns: z.array(z.string().max(60)).max(50).optional(),
});

export const savedViewWrite = z.object({
  list: z
    .string()
    .trim()
    .min(1, "is required")
    .max(60)
    .regex(/^[a-z0-9-]+$/, "must be a list name (letters, digits, hyphens)"),
  name: requiredText(80),
  state: viewState,
});
export type SavedViewWrite = z.input<typeof savedViewWrite>;

export const savedView = savedViewWrite.extend({ id: z.string(), created_at: z.string(), updated_at: z.string() });
export type SavedView = z.output<typeof savedView>;

export const savedViewFilters = z.object({ list: z.string().max(60).optional() });
