import { describe, expect, it } from "vitest";
import { z } from "zod";
import en from "@/messages/en.json";
import pt from "@/messages/pt-BR.json";
import { localizeIssue, type IssueLike, type ValidationTranslator } from "@/lib/validation-messages";
import { productWrite } from "@/server/catalog/products/schemas";
import { dateInput } from "@/server/lib/calendar";
import { couponForm } from "@/server/orders/coupons/schemas";

/** A translator over one language's `validation` messages (ICU `{name}` arguments only). */
function translator(messages: Record<string, unknown>): ValidationTranslator {
  const lookup = (key: string) =>
    key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  const t = ((key: string, values: Record<string, string | number> = {}) =>
    String(lookup(key)).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]))) as ValidationTranslator;
  t.has = (key) => typeof lookup(key) === "string";
  return t;
}

const ptT = translator(pt.validation);
const enT = translator(en.validation);
const labels: Record<string, string> = { minimum_value: "Valor mínimo do pedido", close_time: "Fechamento" };
const label = (field: string) => labels[field] ?? field;

/** The issues a schema reports for a value, as the panel's resolver asks for them. */
function issues(schema: z.ZodType, value: unknown): IssueLike[] {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? [] : (result.error.issues as unknown as IssueLike[]);
}

const say = (issue: IssueLike, locale: "pt-BR" | "en" = "pt-BR") => localizeIssue(issue, locale === "en" ? enT : ptT, locale, label);

describe("localizeIssue", () => {
  it("words a reference not chosen yet as a choice to make, never as a UUID (the stock dialog's company)", () => {
    const reference = z.object({ company_id: z.uuid({ message: "must be a UUID" }) });
    expect(say(issues(reference, { company_id: "" })[0]!)).toBe("escolha uma opção");
    expect(say(issues(reference, { company_id: "" })[0]!, "en")).toBe("choose one");
    expect(say(issues(reference, { company_id: "not-an-id" })[0]!)).toBe("deve ser um identificador válido (UUID)");
  });

  it("tells dates outside 1900–2999 as such", () => {
    expect(say(issues(dateInput, "0005-08-26")[0]!)).toBe("deve estar entre os anos 1900 e 2999");
    expect(say(issues(dateInput, "2026-02-30")[0]!)).toBe("deve ser uma data válida");
  });

  const money = z.number({ message: "is required" }).min(0, "must not be negative").max(1_000_000, "is too large").nullish();

  it("tells a missing value from one that is not a number, whatever the schema's own message", () => {
    expect(say(issues(z.object({ a: z.number({ message: "is required" }) }), {})[0]!)).toBe("obrigatório");
    expect(say(issues(money, Number.NaN)[0]!)).toBe("não é um número");
    expect(say(issues(money, Number.NaN)[0]!, "en")).toBe("not a number");
  });

  it("words ranges and lengths with their numbers in the active language", () => {
    expect(say(issues(money, -1)[0]!)).toBe("não pode ser negativo");
    expect(say(issues(z.number().min(1.5, "must be at least 1.5"), 1)[0]!)).toBe("deve ser no mínimo 1,5");
    expect(say(issues(z.number().max(1000), 5000)[0]!)).toBe("deve ser no máximo 1.000");
    expect(say(issues(z.number().max(1000), 5000)[0]!, "en")).toBe("must be at most 1,000");
    expect(say(issues(z.string().trim().min(1, "is required"), "  ")[0]!)).toBe("obrigatório");
    expect(say(issues(z.string().max(3), "abcd")[0]!)).toBe("deve ter no máximo 3 caracteres");
    expect(say(issues(z.number().int("must be a whole number"), 1.5)[0]!)).toBe("deve ser um número inteiro");
    expect(say(issues(z.email({ message: "must be an email" }), "x")[0]!)).toBe("deve ser um e-mail válido");
    expect(say(issues(z.enum(["A", "B"], { message: "must be A or B" }), "C")[0]!)).toBe("escolha uma das opções");
  });

  it("translates the server's own rules by their text, naming other fields by their labels", () => {
    expect(say({ code: "custom", message: "must not be less than minimum_value" })).toBe("não pode ser menor que Valor mínimo do pedido");
    expect(say({ code: "custom", message: "must be before close_time" })).toBe("deve ser antes de Fechamento");
    expect(say({ code: "custom", message: "overlaps 08:00–12:00 on Monday" })).toBe("sobrepõe 08:00–12:00 de segunda-feira");
    expect(say({ code: "custom", message: "must be a colour as #rrggbb" })).toBe("deve ser uma cor no formato #rrggbb");
    expect(say({ message: "Prazo de entrega is required" })).toBe("obrigatório");
    expect(say({ message: "no brand with this id exists" })).toBe("refere-se a um registro que não existe");
    expect(say({ message: "must be a valid CPF or CNPJ" })).toBe("deve ser um CPF ou CNPJ válido");
  });

  it("words the product's own rules: EAN, NCM, weight decimals, images, variation values", () => {
    const product = (value: Record<string, unknown>) => issues(productWrite, { name: "Furadeira", ...value })[0]!;
    expect(say(product({ ean: "7891234567890" }))).toBe("deve ser um GTIN-8, 12, 13 ou 14 com dígito verificador válido");
    expect(say(product({ ean: "7891234567890" }), "en")).toBe("must be a GTIN-8, 12, 13 or 14 with a valid check digit");
    expect(say(product({ ncm: "1234" }))).toBe("deve ter 8 dígitos (ex.: 8467.21.00)");
    expect(say(product({ weight: 1.2345 }))).toBe("deve ter no máximo 3 casas decimais");
    const file = "3f1c2b9e-8d4a-4c1e-9b7a-2e5d6f7a8b9c";
    expect(say(product({ images: [{ resource_file_id: file }, { resource_file_id: file }] }))).toBe("tem um item repetido");
    expect(say({ code: "not_an_image", message: "must be an image (PNG, JPEG, GIF or WebP)" })).toBe(
      "deve ser uma imagem (PNG, JPEG, GIF ou WebP)",
    );
    expect(say({ code: "invalid_enum_value", message: "must be one of the values of Cor: Azul, Vermelho" })).toBe(
      "deve ser um dos valores da variação Cor",
    );
  });

  it("translates the server's codes when it sends them, and falls back to its English otherwise", () => {
    expect(say({ code: "duplicate", message: "a brand with this name already exists" })).toBe("já usado por outro registro");
    expect(say({ code: "too_small", origin: "number", minimum: 10, inclusive: true, message: "must be at least 10" })).toBe(
      "deve ser no mínimo 10",
    );
    expect(say({ message: "something only the server knows" })).toBe("something only the server knows");
    expect(say({ code: "custom", message: "a rule of its own" })).toBe("a rule of its own");
  });
  it("words the coupon rules across fields", () => {
    const coupon = { code: "PROMO", name: "Promo", value_type: "PERCENTAGE", value: 150, start_date: "2026-02-01", end_date: "2026-01-01" };
    const found = issues(couponForm, coupon);
    expect(found.map((issue) => issue.path)).toEqual([["value"], ["end_date"]]);
    expect(found.map((issue) => say(issue))).toEqual(["deve ser no máximo 100", "não pode ser antes de start_date"]);
    expect(say(found[1]!, "en")).toBe("must not be before start_date");
  });

  it("words the order flow's refusals with their figures (contract §10), the way a 422 carries them", () => {
    // As the server answers them: the path, its English message, the code and the params spread in.
    const short = { message: "is more than the 2 available", code: "insufficient_stock", available: 2, quantity: 5 };
    expect(say(short)).toBe("é mais do que os 2 disponíveis");
    expect(say(short, "en")).toBe("is more than the 2 available");
    const installment = {
      message: "makes installments of 0.05, below the minimum of 1.00",
      code: "installment_below_minimum",
      installment: 0.05,
      minimum: 1,
    };
    expect(say(installment)).toBe("dá parcelas de 0,05, abaixo do mínimo de 1");
    expect(say({ message: "an order needs an NF-e invoice to be invoiced", code: "invoice_required" })).toBe(
      "o pedido precisa de uma NF-e para ser faturado",
    );
    expect(say({ message: "the coupon is used up", code: "coupon_used_up" })).toBe("o cupom já atingiu o limite de usos");
  });
});
