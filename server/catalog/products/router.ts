import { z } from "zod";
import { bulkInput, bulkResult, eachRecord, idInput } from "../../crud/crud";
import { pageOf } from "../../lib/paging";
import { manageProcedure, readProcedure, router } from "../../http/trpc";
import {
  mainImage,
  product,
  productListInput,
  productListRecord,
  productSearchInput,
  productSelectInput,
  productWrite,
  skuRequest,
} from "./schemas";
import { findProducts } from "./search";
import { synchronizeSearchIndex } from "./search-index";
import {
  createProduct,
  getProduct,
  listProducts,
  mainImages,
  proposeSku,
  removeProduct,
  selectProducts,
  setProductActive,
  updateProduct,
} from "./service";

const tags = ["Products"];

const trackStock =
  "Beyond the interface (contract §10): `track_stock` (true for a new product, kept when absent) says whether orders reserve and take " +
  "the product's stock; false for services and goods made to order, whose items move no stock and need no warehouse.";

export const productsRouter = router({
  list: readProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/products",
        tags,
        summary: "List products",
        description:
          "Filters: `only_active`, `category_id`, `brand_id`, `product_ids` (repeatable), `criteria` (repeatable `name:value` of searchable " +
          "specifications, all must match), `only_with_price`; `search` and `arguments` find words as POST /products/search does (ranked " +
          "by relevance unless `sort` is given). `summary=true` answers only id, name, sku, price, active, main_image_url.",
        protect: true,
      },
    })
    .input(productListInput)
    .output(pageOf(productListRecord))
    .query(({ ctx, input }) => listProducts(ctx.db, input, ctx.readStatement)),
  get: readProcedure
    .meta({ openapi: { method: "GET", path: "/products/{id}", tags, summary: "Get a product", protect: true } })
    .input(idInput)
    .output(product)
    .query(({ ctx, input }) => getProduct(ctx.readStatement, input.id)),
  create: manageProcedure
    // interface.md: POST /products answers 200.
    .meta({
      openapi: { method: "POST", path: "/products", tags, summary: "Create a product", description: trackStock, protect: true },
      successStatus: 200,
    })
    .input(productWrite)
    .output(product)
    .mutation(({ ctx, input }) => createProduct(ctx.db, input)),
  update: manageProcedure
    .meta({ openapi: { method: "PUT", path: "/products/{id}", tags, summary: "Update a product", description: trackStock, protect: true } })
    .input(productWrite.extend({ id: z.string() }))
    .output(product)
    .mutation(({ ctx, input: { id, ...body } }) => updateProduct(ctx.db, id, { ...body, id: undefined })),
  remove: manageProcedure
    .meta({ openapi: { method: "DELETE", path: "/products/{id}", tags, summary: "Delete a product", protect: true }, successStatus: 204 })
    .input(idInput)
    .output(z.void())
    .mutation(({ ctx, input }) => removeProduct(ctx.db, input.id)),
  select: readProcedure
    .meta({
      openapi: { method: "POST", path: "/products/select", tags, summary: "The products of these ids, in the order asked", protect: true },
    })
    .input(productSelectInput)
    .output(z.array(product))
    .query(({ ctx, input }) => selectProducts(ctx.readStatement, input.ids)),
  mainImages: readProcedure
    .meta({
      openapi: { method: "POST", path: "/products/main-images", tags, summary: "The main image of each product", protect: true },
      bodyField: "ids",
      requestBody: z.array(z.string()).max(200),
    })
    .input(z.object({ ids: z.array(z.string(), { message: "the body must be a JSON array of product ids" }).max(200) }))
    .output(z.array(mainImage))
    .query(({ ctx, input }) => mainImages(ctx.db, input.ids)),
  generateSku: readProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/products/generate-sku-code",
        tags,
        summary: "Propose a SKU",
        description: "Readable (from the brand, the category and the name) and free in the organization now; not reserved.",
        protect: true,
      },
    })
    .input(skuRequest)
    .output(z.object({ sku: z.string() }))
    .query(({ ctx, input }) => proposeSku(ctx.db, input)),
  search: readProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/products/search",
        tags,
        summary: "Search products",
        description:
          "Active products whose name, SKU, description, brand, categories or searchable specifications hold every word of `search` " +
          "(and `arguments`), accents and case ignored, one typo tolerated in words of five letters or more, the last word as a prefix; " +
          "ranked name and SKU first, an exact SKU before all. Filters `brand_id`, `category_id`, `criteria` (repeatable `name:value`), " +
          "`only_with_price`; `sort` applies only with `can_use_customized_sort=true`. `perPage` defaults to 3.",
        protect: true,
      },
      inputFrom: "query",
    })
    .input(productSearchInput)
    .output(pageOf(product))
    .query(async ({ ctx, input }) => {
      const { ids, total } = await findProducts(ctx.db, {
        text: [input.search, input.arguments].filter(Boolean).join(" "),
        active: true,
        brandId: input.brand_id,
        categoryId: input.category_id,
        onlyWithPrice: input.only_with_price,
        criteria: input.criteria,
        sort: input.can_use_customized_sort && input.sort ? { field: input.sort, dir: input.dir } : undefined,
        page: input.page,
        perPage: input.perPage,
      });
      return { currentPage: input.page, perPage: input.perPage, total, items: await selectProducts(ctx.readStatement, ids) };
    }),
  synchronizeSearch: manageProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/products/search/synchronize",
        tags,
        summary: "Rebuild the organization's product search index",
        protect: true,
      },
      // A whole catalog at once: minutes for hundreds of thousands of products.
      transactionTimeoutMs: 10 * 60_000,
    })
    .input(z.object({}).optional())
    .output(z.object({ synchronized: z.number().int() }))
    .mutation(async ({ ctx }) => ({ synchronized: await synchronizeSearchIndex(ctx.db) })),
  /**
   * The panel's bulk actions (tRPC only), in one transaction: every product that can change
   * does; one that cannot (missing, in use) is reported in `failures` and kept.
   */
  bulkSetActive: manageProcedure
    .input(bulkInput.extend({ active: z.boolean() }))
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => setProductActive(ctx.db, id, input.active))),
  bulkRemove: manageProcedure
    .input(bulkInput)
    .output(bulkResult)
    .mutation(({ ctx, input }) => eachRecord(input.ids, (id) => removeProduct(ctx.db, id))),
});
