import { expect, test, unique } from "../fixtures";
import { post } from "./order-data";
import { signIn } from "./panel";

/**
 * Contract §12 through the panel: a tax rule's page tries the rule on a sample item — one
 * unit of a product sold by the default company to the rule's UF and kind of buyer — and
 * says whether it applies, and why not when it does not.
 */
test("a tax rule's page tries it on a sample item: it applies to its product, and says why not for another", async ({
  page,
  request,
  admin,
}) => {
  const tag = unique("Regra");
  const drill = await post(request, admin, "/products", { name: `Parafusadeira ${tag}`, price: 300, ncm: "8467.21.00" });
  const screw = await post(request, admin, "/products", { name: `Parafuso ${tag}`, price: 1, ncm: "7318.15.00" });
  // Its product named: more matchers than any rule the demo has, so it wins for that product.
  const rule = await post(request, admin, "/tax-rules", {
    name: `ICMS-ST ${tag}`,
    tax: "ICMS",
    cst: "10",
    csosn: "202",
    origin_states: ["SP"],
    destination_states: ["SP"],
    ie_indicators: [1],
    ncm_prefixes: ["8467"],
    product_ids: [drill.id],
    rate: 18,
    mva: 40,
    st_internal_rate: 18,
  });

  await signIn(page, { path: `/tax-rules/${rule.id}` });
  await expect(page.getByText("Simular um item")).toBeVisible();
  await page.getByRole("combobox", { name: "Produto" }).click();
  await page.getByRole("option", { name: new RegExp(drill.name) }).click();
  await page.getByRole("button", { name: "Simular" }).click();
  await expect(page.getByText("Esta regra se aplica ao item.")).toBeVisible();
  await expect(page.getByText(/ICMS-ST 10/)).toBeVisible();

  await page.getByRole("combobox", { name: "Produto" }).click();
  await page.getByRole("option", { name: new RegExp(screw.name) }).click();
  await page.getByRole("button", { name: "Simular" }).click();
  await expect(page.getByText(/Esta regra não se aplica: /)).toBeVisible();
});
