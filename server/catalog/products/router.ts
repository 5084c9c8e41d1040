import type { z } from "zod";
import { idOf } from "../../lib/crud";
import { router } from "../../trpc";
import { product, type ProductWriteOutput } from "./schemas";
import { products } from "./service";

const { builders, procedures, service } = products;
type Answer = Promise<z.input<typeof product>>;

export const productsRouter = router({
  ...procedures,
  // Both settle the SKU first (given, stored or generated), so `search` finds it too.
  create: builders.create.output(product).mutation(({ ctx, input }) => service.create(ctx.db, input as ProductWriteOutput) as Answer),
  update: builders.update
    .output(product)
    .mutation(({ ctx, input }) => service.update(ctx.db, idOf(input), input as ProductWriteOutput) as Answer),
});
