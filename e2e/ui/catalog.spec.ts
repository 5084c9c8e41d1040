import { expect, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

test.describe("catalog lookups", () => {
  test("create a measure unit and disable it; add a category under a parent and find it in the tree", async ({ page }) => {
    const code = `T${crypto.randomUUID().slice(0, 5).toUpperCase()}`;
    await signIn(page, { path: "/measure-units" });

    // A measure unit: the decimals are checked inline before anything is sent.
    await page.getByRole("link", { name: "New measure unit" }).click();
    await expect(page).toHaveURL(/\/measure-units\/new$/);
    await page.getByRole("textbox", { name: "Abbreviation" }).fill(code);
    await page.getByRole("textbox", { name: "Description" }).fill(`Fardo ${code}`);
    const decimals = page.getByRole("spinbutton", { name: "Decimals for quantity" });
    await decimals.fill("9");
    await page.getByRole("button", { name: "Create measure unit" }).click();
    await expect(page.getByText("Decimals for quantity must be at most 6")).toBeVisible();
    await decimals.fill("2");
    await page.getByRole("button", { name: "Create measure unit" }).click();
    await expect(toast(page, `Measure unit “${code}” created`)).toBeVisible();
    await expect(page).toHaveURL(/\/measure-units$/);

    // Disable it from its row; "Active only" then leaves it out.
    await page.getByRole("searchbox", { name: "Search measure units" }).fill(code);
    await expect(page.getByTestId("page-range")).toHaveText("1–1 of 1");
    const row = page.getByRole("row").filter({ hasText: code });
    await expect(row.getByText("Active", { exact: true })).toBeVisible();
    await row.getByRole("button", { name: `Actions for ${code}` }).click();
    await page.getByRole("menuitem", { name: "Disable" }).click();
    await expect(toast(page, `Measure unit “${code}” disabled`)).toBeVisible();
    await expect(row.getByText("Inactive")).toBeVisible();
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Active only" }).click();
    await expect(page).toHaveURL(/only_active=true/);
    await expect(page.getByText("No results match your search or filters.")).toBeVisible();

    // Enable it again from its own page.
    await page.goto(`/measure-units?search=${code}`);
    await page.getByRole("link", { name: code }).click();
    await page.getByRole("button", { name: "Enable" }).click();
    await expect(toast(page, `Measure unit “${code}” enabled`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Disable" })).toBeVisible();

    // A category under a parent, started from the parent's row in the tree.
    const parentName = unique("Iluminação");
    const childName = unique("Lâmpadas LED");
    const created = await page.request.post("/api/b2b/categories", { data: { root_id: null, name: parentName, active: true } });
    expect(created.status()).toBe(201);
    await page.getByRole("navigation").getByRole("link", { name: "Categories" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    const tree = page.getByRole("list", { name: "Category tree" });
    await expect(tree.getByRole("link", { name: parentName })).toBeVisible();
    await page.getByRole("button", { name: `Actions for ${parentName}` }).click();
    await page.getByRole("menuitem", { name: "Add subcategory" }).click();
    await expect(page).toHaveURL(/\/categories\/new\?root_id=/);
    await expect(page.getByRole("combobox", { name: "Parent" })).toHaveText(parentName);
    await page.getByRole("textbox", { name: "Name" }).fill(childName);
    await page.getByRole("textbox", { name: "New meta keywords" }).fill("led");
    await page.getByRole("textbox", { name: "New meta keywords" }).press("Enter");
    await page.getByRole("button", { name: "Create category" }).click();
    await expect(toast(page, `Category “${childName}” created`)).toBeVisible();
    await expect(page).toHaveURL(/\/categories$/);

    // Collapsed under its parent until the branch is expanded, then indented beneath it.
    await expect(tree.getByRole("link", { name: childName })).toBeHidden();
    await page.getByRole("button", { name: `Expand ${parentName}` }).click();
    const branch = page.getByRole("list", { name: `Subcategories of ${parentName}` });
    await expect(branch.getByRole("link", { name: childName })).toBeVisible();
    await page.getByRole("button", { name: `Collapse ${parentName}` }).click();
    await expect(branch).toBeHidden();

    // The tree's filter opens the branch that leads to a match (accents ignored).
    await page.getByRole("searchbox", { name: "Filter the tree" }).fill(childName.replace("â", "a").toLowerCase());
    await expect(branch.getByRole("link", { name: childName })).toBeVisible();

    // The table view searches on the server and names the parent.
    await page.getByRole("button", { name: "Table" }).click();
    await page.getByRole("searchbox", { name: "Search categories" }).fill(childName);
    const childRow = page.getByRole("row").filter({ hasText: childName });
    await expect(childRow).toHaveCount(1);
    await expect(childRow.getByRole("cell", { name: parentName })).toBeVisible();
  });
});
