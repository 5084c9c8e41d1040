import { API, expect, login, test, unique } from "../fixtures";
import { signIn, toast } from "./panel";

test.describe("numbers typed as people write them", () => {
  test("money in Portuguese: 45,90 is saved as 45.9 and shown as R$ 45,90; abc is refused; 1.234,56 is 1234.56", async ({
    page,
    request,
  }) => {
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
    // The installments table refuses what is not a number, with the reason under the row.
    const tax = page.getByRole("textbox", { name: "Parcela 1: Juros" });
    await tax.fill("abc");
    await tax.blur();
    await expect(page.getByText("Juros: não é um número; digite como 1.234,56")).toBeVisible();
    await expect(tax).toHaveAttribute("aria-invalid", "true");
    await tax.fill("2,75");
    await tax.blur();
    await expect(page.getByText("Juros: não é um número")).toHaveCount(0);
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
    const created = await request.post(`${API}/delivery-methods`, {
      headers,
      data: { name: unique("Carrier"), type: "CARRIER", price_type: "FIXED", price: 10 },
    });
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
    expect(
      units.items.some((unit: { quantity: number; value_multiplier: number }) => unit.quantity === 12.5 && unit.value_multiplier === 0.95),
    ).toBe(true);
  });
});

/** Today in São Paulo as dd/mm/aaaa, as the panel shows it. */
const todayInBrazil = () =>
  new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "America/Sao_Paulo" }).format(new Date());

test.describe("dates typed as people write them", () => {
  test("a coupon's days in Portuguese: dd/mm/aaaa typed, stored as ISO, shown back the same; 31/02 refused", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const code = `DIA${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    await signIn(page, { path: "/coupons/new" });
    await page.getByRole("textbox", { name: "Código" }).fill(code);
    await page.getByRole("textbox", { name: "Nome" }).fill(`Datas ${code}`);
    await page.getByRole("textbox", { name: "Valor", exact: true }).fill("10");
    const start = page.getByRole("textbox", { name: "Início" });
    const end = page.getByRole("textbox", { name: "Fim" });
    await expect(start).toHaveAttribute("placeholder", "dd/mm/aaaa");
    await start.fill("01/03/2026");

    // A day the calendar lacks: a visible reason, the field flagged, nothing saved.
    await end.fill("31/02/2026");
    await end.blur();
    await expect(page.getByText("Fim: essa data não existe; confira o dia e o mês")).toBeVisible();
    await expect(end).toHaveAttribute("aria-invalid", "true");
    await page.getByRole("button", { name: "Criar cupom" }).click();
    await expect(end).toBeFocused();
    await expect(page).toHaveURL(/\/coupons\/new$/);
    // Not a date at all.
    await end.fill("amanhã");
    await end.blur();
    await expect(page.getByText("Fim: não é uma data; digite como 31/12/2026")).toBeVisible();

    // Typed digit by digit, the slashes come by themselves.
    await end.fill("");
    await end.pressSequentially("31032026");
    await expect(end).toHaveValue("31/03/2026");
    await end.blur();
    await expect(page.getByText(/^Fim:/)).toHaveCount(0);
    await page.getByRole("button", { name: "Criar cupom" }).click();
    await expect(toast(page, `Cupom “${code}” criado`)).toBeVisible();

    // Stored as ISO days; shown back as typed in the list and on the record.
    const found = await (await request.get(`${API}/coupons?search=${code}`, { headers })).json();
    const coupon = found.items.find((item: { code: string }) => item.code === code);
    // Days in São Paulo: from the first moment of 01/03 to the last of 31/03 there.
    expect(coupon.start_date).toBe("2026-03-01T03:00:00.000Z");
    expect(coupon.end_date).toBe("2026-04-01T02:59:59.999Z");
    await page.getByRole("searchbox").fill(code.toLowerCase());
    const row = page.getByRole("row", { name: new RegExp(code) });
    await expect(row).toContainText("01/03/2026 – 31/03/2026");
    await row.getByRole("link", { name: code }).click();
    await expect(page.getByRole("heading", { name: code, level: 1 })).toBeVisible();
    await expect(start).toHaveValue("01/03/2026");
    await expect(end).toHaveValue("31/03/2026");
  });

  test("a price table's days in English: day first too, today by default, ISO through the API", async ({ page, request }) => {
    const headers = { authorization: `Bearer ${await login(request)}` };
    const name = unique("Summer table");
    await signIn(page, { path: "/price-tables/new", locale: "en" });
    const start = page.getByRole("textbox", { name: "Start" });
    const end = page.getByRole("textbox", { name: "End" });
    // Today where the back office is, not in UTC.
    await expect(start).toHaveValue(todayInBrazil());
    await expect(start).toHaveAttribute("placeholder", "dd/mm/yyyy");
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await start.fill("15/06/2026");
    // Month first is not how the panel writes dates: there is no 15th month.
    await end.fill("06/15/2026");
    await end.blur();
    await expect(page.getByText("End: no such date; check the day and the month")).toBeVisible();
    await page.getByRole("button", { name: "Create price table" }).click();
    await expect(page).toHaveURL(/\/price-tables\/new$/);
    await end.fill("30/09/2026");
    await page.getByRole("button", { name: "Create price table" }).click();
    await expect(toast(page, `Table “${name}” created`)).toBeVisible();

    const found = await (await request.get(`${API}/price-tables?search=${encodeURIComponent(name)}`, { headers })).json();
    const table = found.items.find((item: { name: string }) => item.name === name);
    expect(table).toMatchObject({ start_date: "2026-06-15", end_date: "2026-09-30" });
    await page.getByRole("searchbox").fill(name);
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("15/06/2026 → 30/09/2026");
    await page.goto(`/price-tables/${table.id}`);
    await expect(start).toHaveValue("15/06/2026");
    await expect(end).toHaveValue("30/09/2026");
  });

  test("a list's date filter reads dd/mm/aaaa and refuses an impossible day", async ({ page }) => {
    await signIn(page, { path: "/orders" });
    const from = page.getByRole("textbox", { name: "De", exact: true });
    await from.fill("30/02/2026");
    await from.blur();
    await expect(page.getByText("essa data não existe; confira o dia e o mês")).toBeVisible();
    await expect(from).toHaveAttribute("aria-invalid", "true");
    await expect(page).not.toHaveURL(/start_date=/);
    await from.fill("01/02/2026");
    await expect(page).toHaveURL(/start_date=2026-02-01/);
    await expect(page.getByText("essa data não existe")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("textbox", { name: "De", exact: true })).toHaveValue("01/02/2026");
  });
});
