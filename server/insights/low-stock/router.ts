import { readProcedure, router } from "../../http/trpc";
import { lowStock, lowStockInput } from "./schemas";
import { listLowStock } from "./service";

/** The dashboard's low-stock card (tRPC only: no REST path in the interface). */
export const lowStockRouter = router({
  list: readProcedure
    .input(lowStockInput)
    .output(lowStock)
    .query(({ ctx, input }) => listLowStock(ctx.db, input)),
});
