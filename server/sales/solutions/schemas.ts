import { z } from "zod";
import { queryBoolean } from "../../lib/paging";
import { attributes, clientId, requiredText } from "../../lib/schemas";

/** Sales channels (contract §7, a sale's `origin.solution_id`): body of POST and PUT /solutions. */
export const solutionWrite = z.object({
  id: clientId,
  name: requiredText(120),
  /** Free-form facts about the channel (a storefront's URL, an app's version...), answered in a sale's `origin`. */
  metadata: attributes.default({}),
  active: z.boolean({ message: "must be true or false" }).default(true),
  attributes: attributes.default({}),
});
export type SolutionWrite = z.input<typeof solutionWrite>;

export const solution = z.object({
  id: z.string(),
  name: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  active: z.boolean(),
  attributes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Solution = z.output<typeof solution>;

export const solutionFilters = z.object({ active: queryBoolean.optional() });
