/**
 * The catalog over REST (contract §5 Product, Product variation, Product specification,
 * Product search, Products select / main images / SKU; §8 Product fields).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newOrg, testRuntime, unique, type TestOrg } from "../helpers/database";
import { PNG, upload } from "../helpers/files";
import { call, expectProblem } from "../helpers/http";

/** A catalog: a brand, two categories, a unit, a variation "Cor". */
async function catalog(org: TestOrg) {
  const headers = await org.bearer();
  const post = async (path: string, body: unknown) => {
    const answer = await call("POST", `/api/b2b${path}`, { headers, body });
    expect(answer.status, answer.text).toBeLessThan(300);
    return answer.json;
  };
  const brand = await post("/brands", { name: unique("Bosch"), active: true });
  const tools = await post("/categories", { root_id: null, name: "Ferramentas Elétricas", active: true });
  const garden = await post("/categories", { root_id: null, name: "Jardinagem", active: true });
  const unit = await post("/measure-units", { abbreviation: "UN", description: "Unidade", decimals_for_quantity: 0, active: true });
  const colour = await post("/variations", { name: "Cor", active: true, values: ["Azul", "Verde"] });
  return { headers, post, brand, tools, garden, unit, colour };
}

describe("products", () => {
  it("create (200) with every field, read, update and delete, with the names of what they point to", async () => {
    const org = await newOrg();
    const { headers, brand, tools, unit } = await catalog(org);
    const [front, back] = await upload(org, [
      { name: "frente.png", type: "image/png", bytes: PNG },
      { name: "verso.png", type: "image/png", bytes: PNG },
    ]);
    const body = {
      name: "Furadeira de Impacto 650W",
      description: "Mandril de 13 mm, velocidade variável",
      brand_id: brand.id,
      category_ids: [tools.id],
      measure_unit_id: unit.id,
      price: 459.9,
      ean: "7891234567895",
      ncm: "8467.21.00",
      weight: 1.85,
      images: [
        { resource_file_id: front, main: false },
        { resource_file_id: back, main: true },
      ],
      attributes: {},
    };
    const created = await call("POST", "/api/b2b/products", { headers, body });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({
      name: body.name,
      sku: "FURADEIRA-DE-IMPACTO-650W",
      price: 459.9,
      ean: "7891234567895",
      ncm: "84672100",
      weight: 1.85,
      brand: { id: brand.id, name: brand.name },
      categories: [{ id: tools.id, name: tools.name }],
      measure_unit: { id: unit.id, abbreviation: "UN", decimals_for_quantity: 0 },
      main_image_url: `/api/b2b/resource-files/${back}?organization_id=${org.organizationId}`,
    });
    expect(created.json.images.map((image: { main: boolean; order: number }) => [image.main, image.order])).toEqual([
      [false, 0],
      [true, 1],
    ]);
    const id = created.json.id;
    expect((await call("GET", `/api/b2b/products/${id}`, { headers })).json).toEqual(created.json);
    const updated = await call("PUT", `/api/b2b/products/${id}`, { headers, body: { ...body, price: null, images: [], category_ids: [] } });
    expect(updated.json).toMatchObject({
      sku: "FURADEIRA-DE-IMPACTO-650W",
      price: null,
      images: [],
      main_image_url: null,
      category_ids: [],
    });
    expect((await call("DELETE", `/api/b2b/products/${id}`, { headers })).status).toBe(204);
    expectProblem(await call("GET", `/api/b2b/products/${id}`, { headers }), 404);
  });

  it("answers 422 for bad fields and unknown references, naming each", async () => {
    const org = await newOrg();
    const { headers } = await catalog(org);
    const [text] = await upload(org, [{ name: "a.txt", type: "text/plain", bytes: "not an image" }]);
    const paths = async (body: unknown) =>
      (
        expectProblem(await call("POST", "/api/b2b/products", { headers: { ...headers, "content-type": "application/json" }, body }), 422)
          .errors ?? []
      )
        .map((error) => error.path)
        .sort();
    expect(await paths(JSON.stringify({ name: "X", ean: "7891234567890", ncm: "1234", weight: -1, price: 45.999 }))).toEqual([
      "ean",
      "ncm",
      "price",
      "weight",
    ]);
    expect(await paths('{"name":"X","price":1e999}')).toEqual(["price"]);
    expect(await paths('{"name":"X","price":"12"}')).toEqual(["price"]);
    expect(
      await paths(
        JSON.stringify({
          name: "X",
          brand_id: randomUUID(),
          measure_unit_id: randomUUID(),
          category_ids: [randomUUID()],
          images: [{ resource_file_id: text }, { resource_file_id: randomUUID() }],
        }),
      ),
    ).toEqual(["brand_id", "category_ids.0", "images.0.resource_file_id", "images.1.resource_file_id", "measure_unit_id"]);
    expect(
      await paths(
        JSON.stringify({
          name: "X",
          images: [
            { resource_file_id: text, main: true },
            { resource_file_id: randomUUID(), main: true },
          ],
        }),
      ),
    ).toEqual(["images"]);
  });

  it("lists with filters, criteria, product ids and the summary record; keeps other orgs out", async () => {
    const org = await newOrg();
    const { headers, post, brand, tools, garden } = await catalog(org);
    const drill = await post("/products", { name: "Furadeira Bosch", brand_id: brand.id, category_ids: [tools.id], price: 100 });
    const mower = await post("/products", { name: "Cortador de Grama", category_ids: [garden.id], active: false });
    await post(`/products/${drill.id}/specification`, { name: "Voltagem", value: "220V", is_searchable: true });
    const ids = async (query: string) =>
      (await call("GET", `/api/b2b/products?${query}`, { headers })).json.items.map((item: { id: string }) => item.id);
    expect(await ids("sort=name")).toEqual([mower.id, drill.id]);
    expect(await ids("only_active=true")).toEqual([drill.id]);
    // Beyond the interface: the inactive ones only; asking both ways selects none.
    expect(await ids("active=false")).toEqual([mower.id]);
    expect(await ids("active=true")).toEqual([drill.id]);
    expect(await ids("only_active=true&active=false")).toEqual([]);
    expect(await ids(`category_id=${garden.id}`)).toEqual([mower.id]);
    expect(await ids(`brand_id=${brand.id}`)).toEqual([drill.id]);
    expect(await ids("only_with_price=true")).toEqual([drill.id]);
    expect(await ids("criteria=voltagem:220v")).toEqual([drill.id]);
    expect(await ids("criteria=Voltagem:127V")).toEqual([]);
    expect(await ids(`product_ids=${mower.id}&product_ids=junk`)).toEqual([mower.id]);
    const summary = await call("GET", `/api/b2b/products?summary=true&product_ids=${drill.id}`, { headers });
    expect(summary.json.items).toEqual([
      { id: drill.id, name: "Furadeira Bosch", sku: drill.sku, price: 100, active: true, main_image_url: null },
    ]);
    expectProblem(await call("GET", "/api/b2b/products?criteria=no-colon", { headers }), 422);
    const theirs = await newOrg();
    expect((await call("GET", "/api/b2b/products", { headers: await theirs.bearer() })).json.total).toBe(0);
    expectProblem(await call("GET", `/api/b2b/products/${drill.id}`, { headers: await theirs.bearer() }), 404);
  });

  it("refuses to delete a brand, category, measure unit or file that a product uses (409)", async () => {
    const org = await newOrg();
    const { headers, post, brand, tools, unit } = await catalog(org);
    const [image] = await upload(org, [{ name: "f.png", type: "image/png", bytes: PNG }]);
    await post("/products", {
      name: unique("Em uso"),
      brand_id: brand.id,
      category_ids: [tools.id],
      measure_unit_id: unit.id,
      images: [{ resource_file_id: image }],
    });
    for (const path of [`/brands/${brand.id}`, `/categories/${tools.id}`, `/measure-units/${unit.id}`, `/resource-files/${image}`]) {
      expectProblem(await call("DELETE", `/api/b2b${path}`, { headers }), 409);
    }
  });

  it("select answers in the order asked; main images; a proposed SKU is readable and free", async () => {
    const org = await newOrg();
    const { headers, post, brand, tools } = await catalog(org);
    const [image] = await upload(org, [{ name: "f.png", type: "image/png", bytes: PNG }]);
    const a = await post("/products", { name: "Alicate", images: [{ resource_file_id: image }] });
    const b = await post("/products", { name: "Broca" });
    const selected = await call("POST", "/api/b2b/products/select", { headers, body: { ids: [b.id, randomUUID(), a.id] } });
    expect(selected.json.map((item: { id: string }) => item.id)).toEqual([b.id, a.id]);
    const images = await call("POST", "/api/b2b/products/main-images", { headers, body: [a.id, b.id] });
    expect(images.json).toEqual([
      { product_id: a.id, resource_file_id: image, url: `/api/b2b/resource-files/${image}?organization_id=${org.organizationId}` },
    ]);
    expectProblem(await call("POST", "/api/b2b/products/main-images", { headers, body: { ids: [a.id] } }), 422);
    const proposed = await call("POST", "/api/b2b/products/generate-sku-code", {
      headers,
      body: { name: "Martelo de Unha 27mm", brand_id: brand.id, category_id: tools.id },
    });
    expect(proposed.json.sku).toMatch(/^[A-Z0-9]{1,3}-FER-MARTELO-DE-UNHA-27MM$/);
    await post("/products", { name: "Martelo", sku: proposed.json.sku });
    const next = await call("POST", "/api/b2b/products/generate-sku-code", {
      headers,
      body: { name: "Martelo de Unha 27mm", brand_id: brand.id, category_id: tools.id },
    });
    expect(next.json.sku).toBe(`${proposed.json.sku}-2`);
    expectProblem(await call("POST", "/api/b2b/products/generate-sku-code", { headers, body: { brand_id: randomUUID() } }), 422);
  });
});

describe("product variations", () => {
  it("take values of the named variation, SKUs unique among products and variations, a price that overrides the product's", async () => {
    const org = await newOrg();
    const { headers, post, colour } = await catalog(org);
    const product = await post("/products", { name: "Camiseta", sku: "CAM-01", price: 50 });
    const base = `/api/b2b/products/${product.id}/variations`;
    const blue = await call("POST", base, {
      headers,
      body: { name: "Camiseta Azul", values: [{ variation_id: colour.id, value: "azul" }] },
    });
    expect(blue.status, blue.text).toBe(201);
    expect(blue.json).toMatchObject({
      sku: "CAM-01-AZUL",
      price: null,
      effective_price: 50,
      values: [{ variation_id: colour.id, variation_name: "Cor", value: "Azul" }],
    });
    const green = await call("POST", base, {
      headers,
      body: { name: "Camiseta Verde", sku: "cam-01-vd", price: 55.5, values: [{ variation_id: colour.id, value: "Verde" }] },
    });
    expect(green.json).toMatchObject({ price: 55.5, effective_price: 55.5 });
    const bad = expectProblem(
      await call("POST", base, { headers, body: { name: "X", values: [{ variation_id: colour.id, value: "Roxo" }] } }),
      422,
    );
    expect(bad.errors?.[0]).toMatchObject({ path: "values.0.value", code: "invalid_enum_value" });
    expectProblem(await call("POST", base, { headers, body: { name: "X", values: [{ variation_id: randomUUID(), value: "Azul" }] } }), 422);
    for (const sku of ["CAM-01", "CAM-01-VD"]) expectProblem(await call("POST", base, { headers, body: { name: "X", sku } }), 409);
    expectProblem(await call("POST", "/api/b2b/products", { headers, body: { name: "Outra", sku: "Cam-01-Azul" } }), 409);

    const list = await call("GET", `${base}?sort=name`, { headers });
    expect(list.json).toMatchObject({ currentPage: 0, total: 2 });
    expect(list.json.items.map((item: { name: string }) => item.name)).toEqual(["Camiseta Azul", "Camiseta Verde"]);
    const changed = await call("PUT", `${base}/${blue.json.id}`, {
      headers,
      body: { name: "Camiseta Azul P", price: 49.9, values: [{ variation_id: colour.id, value: "Azul" }] },
    });
    expect(changed.json).toMatchObject({ sku: "CAM-01-AZUL", price: 49.9 });
    expect((await call("DELETE", `${base}/${blue.json.id}`, { headers })).status).toBe(204);
    expectProblem(await call("GET", `${base}/${blue.json.id}`, { headers }), 404);
    const theirs = await (await newOrg()).bearer();
    expectProblem(await call("GET", base, { headers: theirs }), 404);
    expectProblem(await call("GET", `/api/b2b/products/${randomUUID()}/variations`, { headers }), 404);
  });
});

describe("product search", () => {
  it("ranks name before description, folds accents, tolerates one typo, matches the last word as a prefix, an exact SKU first", async () => {
    const org = await newOrg();
    const { headers, post, brand, tools } = await catalog(org);
    const drill = await post("/products", {
      name: "Furadeira de Impacto",
      sku: "FUR-IMP",
      brand_id: brand.id,
      category_ids: [tools.id],
      price: 300,
    });
    const kit = await post("/products", { name: "Kit de Brocas", description: "Para furadeira de impacto", price: 80 });
    const saw = await post("/products", { name: "Serra Circular Elétrica", sku: "SERRA-7", category_ids: [tools.id] });
    const inactive = await post("/products", { name: "Furadeira Inativa", active: false });
    await post(`/products/${saw.id}/specification`, { name: "Voltagem", value: "Bivolt", is_searchable: true });
    const search = async (query: string) => {
      const answer = await call("POST", `/api/b2b/products/search?${query}`, { headers });
      expect(answer.status, answer.text).toBe(200);
      return answer.json as { currentPage: number; perPage: number; total: number; items: Array<{ id: string }> };
    };
    const names = async (query: string) => (await search(`perPage=10&${query}`)).items.map((item) => item.id);
    expect(await names("search=furadeira")).toEqual([drill.id, kit.id]);
    expect(await names(`search=${encodeURIComponent("FURADEÍRA")}`)).toEqual([drill.id, kit.id]);
    expect(await names("search=furadiera")).toEqual([]); // a transposition is two edits
    expect(await names("search=furadera")).toEqual([drill.id, kit.id]);
    expect(await names("search=furad")).toEqual([drill.id, kit.id]);
    expect(await names("search=eletrica")).toEqual([saw.id, drill.id]); // in the name first, then in a category
    expect(await names("search=bivolt")).toEqual([saw.id]);
    expect((await names(`search=${encodeURIComponent("ferramentas eletricas")}`)).sort()).toEqual([drill.id, saw.id].sort());
    expect(await names("search=serra-7")).toEqual([saw.id]);
    expect(await names("search=fur-imp")).toEqual([drill.id]);
    expect(await names(`search=furadeira&brand_id=${brand.id}`)).toEqual([drill.id]);
    expect(await names(`category_id=${tools.id}&only_with_price=true`)).toEqual([drill.id]);
    expect(await names("criteria=voltagem:bivolt")).toEqual([saw.id]);
    expect(await names("search=furadeira&can_use_customized_sort=true&sort=price&dir=asc")).toEqual([kit.id, drill.id]);
    const paged = await search("search=furadeira");
    expect(paged).toMatchObject({ currentPage: 0, perPage: 3, total: 2 });
    expect((await search("search=furadeira&page=5&perPage=1")).total).toBe(2);
    // Renaming the brand: found by the new name at once.
    await call("PUT", `/api/b2b/brands/${brand.id}`, { headers, body: { name: "Makita", active: true } });
    expect(await names("search=makita")).toEqual([drill.id]);
    const synced = await call("POST", "/api/b2b/products/search/synchronize", { headers });
    expect(synced.json).toEqual({ synchronized: 4 });
    expect(await names("search=makita")).toEqual([drill.id]);
    // The panel's list ranks the same way (inactive products included unless only_active).
    const listed = (await call("GET", "/api/b2b/products?search=furadera", { headers })).json.items.map((item: { id: string }) => item.id);
    expect(listed.slice(0, 2).sort()).toEqual([drill.id, inactive.id].sort()); // both in the name (ties by name: collation)
    expect(listed[2]).toBe(kit.id); // in the description
    // An exact SKU comes first even where the words rank another product higher.
    const wire = await post("/products", { name: "Fio Flexível", sku: "CABO" });
    const cables = await post("/products", { name: "Cabo Cabo Cabo" });
    expect(await names("search=cabo")).toEqual([wire.id, cables.id]);
  });

  it("pages the ranking alike whatever the page size: the exact SKU, every word in the name or SKU, then the rest", async () => {
    const org = await newOrg();
    const { headers, post, brand } = await catalog(org);
    const inName: string[] = [];
    for (let n = 1; n <= 7; n++)
      inName.push((await post("/products", { name: `Cabo Flex ${n}`, description: n % 2 ? "Para instalação" : null })).id);
    const inDescription: string[] = [];
    for (let n = 1; n <= 5; n++)
      inDescription.push((await post("/products", { name: `Fio ${n}`, description: "Cabo de cobre", brand_id: brand.id })).id);
    const exact = (await post("/products", { name: "Rolo", sku: "CABO" })).id;
    await post("/products", { name: "Cabo Inativo", active: false });
    const page = async (query: string) => {
      const answer = await call("POST", `/api/b2b/products/search?${query}`, { headers });
      expect(answer.status, answer.text).toBe(200);
      return answer.json as { total: number; items: Array<{ id: string }> };
    };
    const all = await page("search=cabo&perPage=50");
    expect(all.total).toBe(13);
    const order = all.items.map((item) => item.id);
    expect(order[0]).toBe(exact);
    expect(order.slice(1, 8).sort()).toEqual([...inName].sort());
    expect(order.slice(8).sort()).toEqual([...inDescription].sort());
    // Every page size walks the same order, the total true on every page, past the end too.
    for (const perPage of [1, 2, 3, 5, 7, 8, 9]) {
      const walked: string[] = [];
      for (let index = 0; index * perPage < 13; index++) {
        const answer = await page(`search=cabo&perPage=${perPage}&page=${index}`);
        expect(answer.total).toBe(13);
        walked.push(...answer.items.map((item) => item.id));
      }
      expect(walked, `perPage ${perPage}`).toEqual(order);
      expect(await page(`search=cabo&perPage=${perPage}&page=${Math.ceil(13 / perPage)}`)).toMatchObject({ total: 13, items: [] });
    }
    // A filter ranks the same way among what it keeps.
    const branded = await page(`search=cabo&perPage=2&page=1&brand_id=${brand.id}`);
    expect(branded.total).toBe(5);
    expect(branded.items.map((item) => item.id)).toEqual(order.filter((id) => inDescription.includes(id)).slice(2, 4));
    // Two words: the product with both in the name first.
    const both = await post("/products", { name: "Cabo Cobre Nu" });
    const twoWords = await page("search=cabo%20cobre&perPage=3");
    expect(twoWords.total).toBe(6);
    expect(twoWords.items[0]!.id).toBe(both.id);
  });

  it("keeps the search indexes' pending lists short: searches do not wait for VACUUM to read new entries well", async () => {
    const { prisma } = (await testRuntime()).database;
    const rows = await prisma.$queryRaw<Array<{ relname: string; reloptions: string[] | null }>>`
      SELECT relname, reloptions FROM pg_class WHERE relname IN ('products_search_vector_idx', 'products_name_vector_idx', 'search_words_word_idx') ORDER BY relname`;
    expect(rows).toEqual([
      { relname: "products_name_vector_idx", reloptions: ["gin_pending_list_limit=256"] },
      { relname: "products_search_vector_idx", reloptions: ["gin_pending_list_limit=256"] },
      { relname: "search_words_word_idx", reloptions: ["gin_pending_list_limit=256"] },
    ]);
  });
});
