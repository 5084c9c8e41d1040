import { orderScope } from "../../auth/scope";
import { readProcedure, router } from "../../http/trpc";
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
        description:
          "Partners, products, orders, brands, categories and sellers whose names (or SKU, CPF/CNPJ) hold `q`, a few of each. " +
          "Orders are found by their partner, shipment city or observation, by their number (the id or its first characters), " +
          "an invoice's NF-e key or number, or the external id of their sale; a SELLER finds only its own orders.",
        protect: true,
      },
    })
    .input(searchInput)
    .output(searchResult)
    .query(async ({ ctx, input }) => searchEverything(ctx.db, await orderScope(ctx.db, ctx.principal), input)),
});
