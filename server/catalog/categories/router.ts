import { z } from "zod";
import { idOf } from "../../crud/crud";
import { readProcedure, router } from "../../http/trpc";
import { category, categoryNode, type CategoryWriteOutput } from "./schemas";
import { categories } from "./service";

const { builders, procedures, service } = categories;

export const categoriesRouter = router({
  ...procedures,
  update: builders.update
    .output(category)
    .mutation(({ ctx, input }) => service.update(ctx.db, idOf(input), input as CategoryWriteOutput) as never),
  /** The panel's tree view (tRPC only: the REST list pages through the same records). */
  tree: readProcedure
    .input(z.object({}).optional())
    .output(z.array(categoryNode))
    .query(({ ctx }) => service.tree(ctx.db)),
});
