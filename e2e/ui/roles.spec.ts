import type { APIRequestContext } from "@playwright/test";
import { API, expect, test, unique, type Role } from "../fixtures";
import { signIn } from "./panel";

/** A user of the default org with this role, made through the API as the ADMIN. */
async function userWith(request: APIRequestContext, admin: Record<string, string>, role: Role) {
  const email = `${role.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "panel-test-1234";
  const response = await request.post(`${API}/users`, { headers: admin, data: { name: unique(`${role} user`), email, role, password } });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password };
}

test("a VIEWER sees the brands but no way to change them", async ({ page, request, admin }) => {
  const brand = unique("Viewer brand");
  const created = await request.post(`${API}/brands`, { headers: admin, data: { name: brand, active: true } });
  expect(created.status()).toBe(201);
  const viewer = await userWith(request, admin, "VIEWER");

  await signIn(page, { user: viewer });
  await expect(page.getByRole("banner")).toContainText("Consulta");
  await expect(page.getByRole("link", { name: "Nova marca" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Chaves de acesso" })).toHaveCount(0);

  await page.getByRole("searchbox", { name: "Buscar marcas pelo nome" }).fill(brand);
  const row = page.getByRole("row").filter({ hasText: brand });
  await row.getByRole("button", { name: `Ações de ${brand}` }).click();
  await expect(page.getByRole("menuitem", { name: "Excluir" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Ver" }).click();

  await expect(page.getByRole("heading", { name: brand, level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Nome" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Salvar alterações" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Excluir" })).toHaveCount(0);
});
