import { z } from "zod";
import { readProcedure, router } from "../../http/trpc";
import { mostSoldInput, mostSoldRecord } from "./schemas";
import { mostSold } from "./service";

export const productAnalysisRouter = router({
  mostSold: readProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/products/analysis/most-sold",
        tags: ["Products"],
        summary: "The most sold products",
        description:
          "Products of non-quotation sales between `start_date` and `final_date` (optional days, both included, in the query " +
          "string or a JSON body), by quantity descending, ties by total value descending then name. `page` (from 0) and " +
          "`perPage` (at most 100) are required. Answers a plain array.",
        protect: true,
      },
      credentials: "bearer-or-code",
      inputFrom: "query-and-body",
    })
    .input(mostSoldInput)
    .output(z.array(mostSoldRecord))
    .query(({ ctx, input }) => mostSold(ctx.db, input)),
});
