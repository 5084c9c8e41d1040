import { API, expect, login, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

test.describe("numbers typed as people write them", () => {
  test("money in Portuguese: 45,90 is saved as 45.9 and shown as R$ 45,90; abc is refused; 1.234,56 is 1234.56", async ({ page, request }) => {
    const name = unique("Boleto");
    await signIn(page, { path: "/payment-methods/new" });
    await page.getByRole("textbox", { name: "Nome" }).fill(name);
    const minimum = page.getByRole("textbox", { name: "Valor mínimo do pedido" });
    const maximum = page.getByRole("textbox", { name: "Valor máximo do pedido" });
    await minimum.fill("45,90");

    // Not a number: a visible message, the field flagged, nothing sent.
    await maximum.fill("abc");
    await maximum.blur();
    await expect(page.getByText("Valor máximo do pedido: não é um número; digite como 1.234,56")).toBeVisible();
    await expect(maximum).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Criar forma de pagamento" }).click();
    await expect(maximum).toBeFocused();
    await expect(page).toHaveURL(/\/payment-methods\/new$/);

    // The other language's decimal point is refused too, never read as thousands.
    await maximum.fill("1234.56");
    await maximum.blur();
    await expect(page.getByText("Valor máximo do pedido: não é um número; digite como 1.234,56")).toBeVisible();
    await maximum.fill("1.234,56");
    await maximum.blur();
    await expect(maximum).toHaveValue("1.234,56");
    const rate = page.getByRole("textbox", { name: "Taxa de ajuste" });
    await rate.fill("-5,5");
    await page.getByRole("button", { name: "Criar forma de pagamento" }).click();
    await expect(toast(page, `Forma de pagamento “${name}” criada`)).toBeVisible();

    // Stored as JSON numbers.
    const headers = { authorization: `Bearer ${await login(request)}` };
    const found = await (await request.get(`${API}/payment-methods?search=${encodeURIComponent(name)}`, { headers })).json();
    const stored = found.items.find((item: { name: string }) => item.name === name);
    expect(stored).toMatchObject({ minimum_value: 45.9, maximum_value: 1234.56, adjustment_rate: -5.5 });

    // Shown back in the list and on the record, after a reload.
    await page.getByRole("searchbox", { name: "Buscar formas de pagamento pelo nome" }).fill(name);
    await expect(page).toHaveURL(/[?&]search=/);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("R$ 45,90 – R$ 1.234,56");
    await expect(row).toContainText("-5,5%");
    await row.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await page.reload();
    await expect(minimum).toHaveValue("45,90");
    await expect(maximum).toHaveValue("1.234,56");
    await expect(rate).toHaveValue("-5,5");

    // Money rounds to cents and shows what will be saved; an installment's rate and its whole days.
    await minimum.fill("45,999");
    await minimum.blur();
    await expect(minimum).toHaveValue("46,00");
    await page.getByRole("button", { name: "Adicionar parcela" }).click();
    await page.getByRole("textbox", { name: "Parcela 1: Juros" }).fill("2,75");
    const days = page.getByRole("textbox", { name: "Parcela 1: Vence em (dias)" });
    await days.fill("30,5");
    await days.blur();
    await expect(page.getByText("Vence em (dias): use apenas números inteiros")).toBeVisible();
    await days.fill("45");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(toast(page, `Forma de pagamento “${name}” salva`)).toBeVisible();
    const saved = await (await request.get(`${API}/payment-methods/${stored.id}`, { headers })).json();
    expect(saved.minimum_value).toBe(46);
    expect(saved.installments).toMatchObject([{ sequence: 1, tax: 2.75, due_date_delay: 45 }]);
  });

  test("money in English: 1,234.56 is 1234.56 and a Brazilian 45,90 is refused", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const created = await request.post(`${API}/delivery-methods`, { headers, data: { name: unique("Carrier"), type: "CARRIER", price_type: "FIXED", price: 10 } });
    expect(created.status()).toBe(201);
    const method = await created.json();

    await signIn(page, { path: `/delivery-methods/${method.id}`, locale: "en" });
    const price = page.getByRole("textbox", { name: "Price" });
    await expect(price).toHaveValue("10.00");
    await price.fill("45,90");
    await price.blur();
    await expect(page.getByText("Price: not a number; type it like 1,234.56")).toBeVisible();
    await price.fill("1,234.56");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page, `Delivery method “${method.name}” saved`)).toBeVisible();
    expect((await (await request.get(`${API}/delivery-methods/${method.id}`, { headers })).json()).price).toBe(1234.56);
    await page.getByRole("searchbox", { name: "Search delivery methods by name" }).fill(method.name);
    await expect(page.getByRole("row").filter({ hasText: method.name })).toContainText("R$1,234.56");
  });

  test("percents and quantities respect their decimals", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const name = unique("Vendedora");
    await signIn(page, { path: "/sellers/new" });
    await page.getByRole("textbox", { name: "Nome" }).fill(name);
    await page.getByRole("textbox", { name: "E-mail" }).fill(`${crypto.randomUUID().slice(0, 8)}@example.com`);
    const commission = page.getByRole("textbox", { name: "Comissão" });
    await commission.fill("150");
    await page.getByRole("button", { name: "Criar vendedor" }).click();
    await expect(page.getByText("Comissão: deve estar entre 0 e 100")).toBeVisible();
    await commission.fill("2,5");
    await page.getByRole("button", { name: "Criar vendedor" }).click();
    await expect(toast(page, `Vendedor “${name}” criado`)).toBeVisible();
    const sellers = await (await request.get(`${API}/sellers?search=${encodeURIComponent(name)}`, { headers })).json();
    expect(sellers.items[0].commission_rate).toBe(2.5);
    await page.getByRole("searchbox", { name: "Buscar por nome, e-mail ou CPF/CNPJ" }).fill(name);
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("2,5%");

    // An alternative unit: quantity and multiplier take up to 6 decimals, no more.
    const product = await (await request.post(`${API}/products`, { headers, data: { name: unique("Parafuso") } })).json();
    await page.goto(`/alternative-units/new?product_id=${product.id}`);
    await page.getByRole("combobox", { name: "Unidade" }).click();
    await page.getByRole("option").first().click();
    const quantity = page.getByRole("textbox", { name: "Quantidade", exact: true });
    await quantity.fill("12,5");
    const multiplier = page.getByRole("textbox", { name: "Multiplicador de valor" });
    await multiplier.fill("0,1234567");
    await multiplier.blur();
    await expect(page.getByText("Multiplicador de valor: use no máximo 6 casas decimais")).toBeVisible();
    await multiplier.fill("0,95");
    await page.getByRole("button", { name: "Criar unidade alternativa" }).click();
    await expect(toast(page, /Unidade alternativa “.+” criada/)).toBeVisible();
    const units = await (await request.get(`${API}/products/alternative-units?product_id=${product.id}&perPage=100`, { headers })).json();
    expect(units.items.some((unit: { quantity: number; value_multiplier: number }) => unit.quantity === 12.5 && unit.value_multiplier === 0.95)).toBe(true);
  });
});
