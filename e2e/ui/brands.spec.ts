import { expect, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

test.describe("brands", () => {
  test("create, find by search, edit and delete a brand", async ({ page }) => {
    const name = unique("Brand");
    await signIn(page);

    // Create: an empty name is refused inline before anything is sent.
    await page.getByRole("link", { name: "New brand" }).click();
    await expect(page).toHaveURL(/\/brands\/new$/);
    const nameInput = page.getByRole("textbox", { name: "Name" });
    await page.getByRole("button", { name: "Create brand" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(nameInput).toHaveAttribute("aria-invalid", "true");
    await expect(nameInput).toBeFocused();
    await nameInput.fill(name);
    await expect(page.getByText("Name is required")).toBeHidden();
    await page.getByRole("switch", { name: "Active" }).click();
    await page.getByRole("button", { name: "Create brand" }).click();
    await expect(toast(page, `Brand “${name}” created`)).toBeVisible();
    await expect(page).toHaveURL(/\/brands$/);

    // Find it by search: the URL keeps the search, the row shows it inactive.
    await page.getByRole("searchbox", { name: "Search brands" }).fill(name);
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(page.getByTestId("page-range")).toHaveText("1–1 of 1");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByText("Inactive")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("searchbox", { name: "Search brands" })).toHaveValue(name);
    await expect(row).toHaveCount(1);

    // Edit: loaded from the server; an emptied name is refused inline; then renamed.
    await row.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(nameInput).toHaveValue(name);
    await expect(page.getByRole("switch", { name: "Active" })).not.toBeChecked();
    await nameInput.fill("   ");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    const renamed = `${name} renamed`;
    await nameInput.fill(renamed);
    await page.getByRole("switch", { name: "Active" }).click();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, `Brand “${renamed}” saved`)).toBeVisible();

    // Back on the list as it was left (same search).
    await expect(page).toHaveURL(/\/brands\?.*search=/);
    const renamedRow = page.getByRole("row").filter({ hasText: renamed });
    await expect(renamedRow.getByText("Active", { exact: true })).toBeVisible();

    // Delete, after a confirmation that can be cancelled.
    await renamedRow.getByRole("button", { name: `Actions for ${renamed}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete brand?" });
    await expect(dialog).toContainText(renamed);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(renamedRow).toHaveCount(1);
    await renamedRow.getByRole("button", { name: `Actions for ${renamed}` }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Brand deleted")).toBeVisible();
    await expect(renamedRow).toHaveCount(0);
    await expect(page.getByText("No results match your search or filters.")).toBeVisible();
  });

  test("the list sorts, filters and pages through the URL", async ({ page }) => {
    const prefix = unique("Paged");
    await signIn(page);
    const created: string[] = [];
    for (const letter of ["A", "B", "C"]) {
      const response = await page.request.post("/api/b2b/brands", { data: { name: `${prefix} ${letter}`, active: letter !== "B" } });
      expect(response.status()).toBe(201);
      created.push((await response.json()).id);
    }
    await page.goto(`/brands?search=${encodeURIComponent(prefix)}&perPage=10`);
    await expect(page.getByTestId("page-range")).toHaveText("1–3 of 3");

    const nameHeader = page.getByRole("columnheader", { name: "Name" });
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    await nameHeader.getByRole("button").click();
    await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    await expect(page).toHaveURL(/dir=desc/);
    await expect(page.getByRole("row").nth(1)).toContainText(`${prefix} C`);

    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Inactive" }).click();
    await expect(page).toHaveURL(/active=false/);
    await expect(page.getByTestId("page-range")).toHaveText("1–1 of 1");
    await expect(page.getByRole("row").nth(1)).toContainText(`${prefix} B`);

    await page.goBack();
    await expect(page.getByTestId("page-range")).toHaveText("1–3 of 3");

    await page.goto(`/brands?search=${encodeURIComponent(prefix)}&perPage=2`);
    await expect(page.getByTestId("page-range")).toHaveText("1–2 of 3");
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId("page-range")).toHaveText("3–3 of 3");
  });
});
