import { API, expect, login, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

test.describe("settings", () => {
  test("create a status with its colours, watching the preview chip, and find it by type", async ({ page }) => {
    const title = unique("Aguardando coleta");
    await signIn(page, { path: "/statuses" });
    await page.getByRole("link", { name: "New status" }).click();
    await expect(page).toHaveURL(/\/statuses\/new$/);

    const preview = page.getByTestId("status-preview");
    await expect(preview).toHaveText("Status");
    await page.getByRole("textbox", { name: "Title" }).fill(title);
    await expect(preview).toHaveText(title);

    await page.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Sale" }).click();

    // A bad colour is refused inline; a good one recolours the preview at once.
    const background = page.getByRole("textbox", { name: "Background colour", exact: true });
    await background.fill("orange");
    await page.getByRole("button", { name: "Create status" }).click();
    await expect(page.getByText("Background colour must be a colour as #rrggbb")).toBeVisible();
    await background.fill("#1D4ED8");
    await expect(preview).toHaveCSS("background-color", "rgb(29, 78, 216)");
    await page.getByRole("textbox", { name: "Font colour", exact: true }).fill("#ffffff");
    await expect(preview).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(page.getByLabel("Pick the background colour")).toHaveValue("#1d4ed8");

    await page.getByRole("button", { name: "Create status" }).click();
    await expect(toast(page, `Status “${title}” created`)).toBeVisible();
    await expect(page).toHaveURL(/\/statuses$/);

    // The list filtered by type shows it in its colours, next to the default sale statuses.
    await page.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Sale" }).click();
    await expect(page).toHaveURL(/[?&]type=SALE/);
    await expect(page.getByRole("link", { name: "pending" })).toBeVisible();
    const chip = page.getByRole("link", { name: title });
    await expect(chip.locator("span")).toHaveCSS("background-color", "rgb(29, 78, 216)");

    // Open it: the form is loaded with the stored colours; then delete it.
    await chip.click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Background colour", exact: true })).toHaveValue("#1d4ed8");
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete status?" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Status deleted")).toBeVisible();
    await expect(page).toHaveURL(/\/statuses$/);
  });

  test("edit the weekly opening hours of a delivery method, with the overlap caught before saving", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const created = await request.post(`${API}/delivery-methods`, {
      headers,
      data: { name: unique("Retirada"), type: "PICKUP", price_type: "FREE" },
    });
    expect(created.status()).toBe(201);
    const method = await created.json();

    await signIn(page, { path: `/delivery-methods/${method.id}` });
    await expect(page.getByRole("heading", { name: method.name, level: 1 })).toBeVisible();
    const monday = page.getByTestId("weekday-1");
    await expect(monday).toContainText("Closed");

    await page.getByRole("button", { name: "Add a range on Monday" }).click();
    await expect(page.getByLabel("Monday range 1 opens")).toHaveValue("08:00");
    await expect(page.getByLabel("Monday range 1 closes")).toHaveValue("12:00");
    await page.getByRole("button", { name: "Add a range on Monday" }).click();
    await expect(page.getByLabel("Monday range 2 opens")).toHaveValue("12:00");

    // An overlap is shown on the range and blocks the save.
    await page.getByLabel("Monday range 2 opens").fill("11:00");
    await expect(monday.getByRole("alert")).toContainText("overlaps 08:00–12:00 on Monday");
    await expect(page.getByRole("button", { name: "Save opening hours" })).toBeDisabled();
    await page.getByLabel("Monday range 2 opens").fill("13:00");
    await page.getByLabel("Monday range 2 closes").fill("18:00");
    await expect(monday.getByRole("alert")).toHaveCount(0);

    await page.getByRole("button", { name: "Add a range on Saturday" }).click();
    await page.getByRole("button", { name: "Save opening hours" }).click();
    await expect(toast(page, "Opening hours saved")).toBeVisible();

    const stored = await (await request.get(`${API}/delivery-methods/${method.id}/opening-hours`, { headers })).json();
    expect(stored).toEqual([
      { weekday: 1, open_time: "08:00", close_time: "12:00" },
      { weekday: 1, open_time: "13:00", close_time: "18:00" },
      { weekday: 6, open_time: "08:00", close_time: "12:00" },
    ]);

    // Removing a range and saving replaces the whole list.
    await page.reload();
    await page.getByRole("button", { name: "Remove Saturday range 1" }).click();
    await page.getByRole("button", { name: "Save opening hours" }).click();
    await expect(toast(page, "Opening hours saved")).toBeVisible();
    const after = await (await request.get(`${API}/delivery-methods/${method.id}/opening-hours`, { headers })).json();
    expect(after.map((hour: { weekday: number }) => hour.weekday)).toEqual([1, 1]);
  });
});
