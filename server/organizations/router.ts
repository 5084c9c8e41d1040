import { z } from "zod";
import { readProcedure, router } from "../http/trpc";
import { demoStatusOf } from "./demo-data";
import { demoStatus } from "./schemas";

export const organizationRouter = router({
  /** The panel's banner while a first start writes the demo data in the background (tRPC only). */
  demo: readProcedure
    .input(z.object({}).optional())
    .output(demoStatus)
    .query(({ ctx }) => demoStatusOf(ctx.db)),
});
