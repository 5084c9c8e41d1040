import { readProcedure, router } from "../../trpc";
import { searchInput, searchResult } from "./schemas";
import { searchEverything } from "./service";

export const searchRouter = router({
  everything: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/search",
        tags: ["Search"],
        summary: "Search across records",
        description: "Partners, products, brands, categories and sellers whose names (or SKU, CPF/CNPJ) hold `q`, a few of each.",
        protect: true,
      },
    })
    .input(searchInput)
    .output(searchResult)
    .query(({ ctx, input }) => searchEverything(ctx.db, input)),
});
