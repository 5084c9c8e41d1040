import { z } from "zod";
import { DEMO_STAGES } from "./demo-data";

/** Where the org's demo data stands (the panel's banner while it is written); null for an org without a demo. */
export const demoStatus = z
  .object({
    status: z.enum(["RUNNING", "DONE", "FAILED"]),
    stage: z.enum(DEMO_STAGES),
    done: z.number().int(),
    total: z.number().int(),
    step: z.number().int(),
    steps: z.number().int(),
  })
  .nullable();
export type DemoStatus = z.infer<typeof demoStatus>;
