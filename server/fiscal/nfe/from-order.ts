import { randomInt } from "node:crypto";
import type { Db } from "../../db/scoped";
import { AppError, type FieldError } from "../../errors";
import { isValidGtin } from "../../lib/gtin";
import { money } from "../../lib/money";
import { nfeCheckDigit } from "../../lib/nfe-key";
import type { OrderDetail } from "../../orders/orders/schemas";
import type { PartnerAddress } from "../../parties/partners/schemas";
import { partnerFiscalOf } from "../../taxes/fields";
import { isUf } from "../../taxes/states";
import { nfeValue, UF_CODES, type NfeAddress, type NfeDocument, type NfePayment } from "./document";

/**
 * The NF-e of an order (contract §13): every figure from the order as its one writer kept
 * it — items, quantities and values, the §12 taxes of each item, the payments — and the
 * parties from their records. What an NF-e needs and the records lack (the company's IE or
 * city code, a product's NCM, …) is one 422 naming each field, so staff fix them all at once.
 */

const TPAG: Record<string, string> = {
  CASH: "01",
  CREDIT_CARD: "03",
  DEBIT_CARD: "04",
  BOLETO: "15",
  PIX: "17",
  BANK_TRANSFER: "18",
};

/** dhEmi in São Paulo time (no daylight saving since 2019: always −03:00). */
export function saoPauloDateTime(at: Date): string {
  return `${new Date(at.getTime() - 3 * 3600 * 1000).toISOString().slice(0, 19)}-03:00`;
}

/** The access key: cUF AAMM CNPJ mod serie nNF tpEmis cNF, and its modulo-11 digit. */
export function accessKey(parts: { uf: string; issuedAt: string; cnpj: string; series: number; number: number; cnf: string }): string {
  const yymm = parts.issuedAt.slice(2, 4) + parts.issuedAt.slice(5, 7);
  const data = `${UF_CODES[parts.uf]}${yymm}${parts.cnpj}55${String(parts.series).padStart(3, "0")}${String(parts.number).padStart(9, "0")}1${parts.cnf}`;
  return data + String(nfeCheckDigit(data));
}

/** cNF: 8 random digits, never the number itself (a SEFAZ rule). */
export function randomCnf(number: number): string {
  for (;;) {
    const cnf = String(randomInt(0, 100_000_000)).padStart(8, "0");
    if (cnf !== String(number).padStart(8, "0")) return cnf;
  }
}

type Json = Record<string, unknown>;
const str = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

function addressOf(raw: Json | null | undefined, path: string, errors: FieldError[], requirePostalCode: boolean): NfeAddress | null {
  const need = (field: string, message: string) => {
    errors.push({ path: `${path}.${field}`, message, code: "required" });
    return "";
  };
  if (!raw) {
    need("street", "is required to issue an NF-e");
    return null;
  }
  const uf = str(raw.state)?.toUpperCase() ?? "";
  const postal = str(raw.postal_code)?.replace(/\D/g, "") ?? null;
  const address: NfeAddress = {
    street: str(raw.street) ?? need("street", "is required to issue an NF-e"),
    number: str(raw.number) ?? "S/N",
    complement: str(raw.complement),
    neighborhood: str(raw.neighborhood) ?? need("neighborhood", "is required to issue an NF-e"),
    city_code: str(raw.city_code) ?? need("city_code", "the IBGE municipality code is required to issue an NF-e"),
    city: str(raw.city) ?? need("city", "is required to issue an NF-e"),
    uf: isUf(uf) ? uf : need("state", "must be a UF to issue an NF-e"),
    postal_code:
      postal && /^\d{8}$/.test(postal) ? postal : requirePostalCode ? need("postal_code", "a CEP of 8 digits is required") : null,
    phone: str(raw.phone)?.replace(/\D/g, "").slice(0, 14) || null,
  };
  if (address.city_code && address.uf && UF_CODES[address.uf] !== address.city_code.slice(0, 2)) {
    errors.push({ path: `${path}.city_code`, message: `is not a municipality of ${address.uf}`, code: "invalid" });
  }
  return address;
}

/** Decimals as the NF-e writes them: at least `min`, no more than the value has. */
function decimals(value: number, min: number, max: number): string {
  const exact = money(value);
  return exact.toFixed(Math.min(max, Math.max(min, exact.decimalPlaces())));
}

export interface NfeContext {
  order: OrderDetail;
  series: number;
  number: number;
  issuedAt: Date;
  environment: 1 | 2;
  ibsCbs: boolean;
}

/** The company that issues an order's NF-e: its own, else the org's default (the one its taxes were figured for). */
export async function issuerOf(db: Db, order: OrderDetail) {
  const where = order.company_id ? { id: order.company_id } : { is_default: true };
  const company = await db.company.findFirst({ where });
  if (!company) throw AppError.invalid("company_id", "the order has no company and the organization no default one", "required");
  return company;
}

/** Reads what the order names and builds its NF-e; 422 naming every missing field. */
export async function nfeOfOrder(db: Db, context: NfeContext, company: Awaited<ReturnType<typeof issuerOf>>): Promise<NfeDocument> {
  const { order } = context;
  const errors: FieldError[] = [];
  const [partner, products, methods] = await Promise.all([
    db.partner.findUnique({ where: { id: order.partner_id } }),
    db.product.findMany({
      where: { id: { in: order.items.map((item) => item.productId) } },
      select: { id: true, ncm: true, cest: true, origin: true, ean: true, measure_unit: { select: { abbreviation: true } } },
    }),
    db.paymentMethod.findMany({
      where: { id: { in: order.payments.map((payment) => payment.paymentMethodId) } },
      select: { id: true, type: true },
    }),
  ]);
  if (!partner) throw AppError.notFound("Partner");

  if (company.crt === null) errors.push({ path: "company.crt", message: "the company states no tax regime (CRT)", code: "required" });
  if (!str(company.state_registration)) {
    errors.push({ path: "company.state_registration", message: "the company's IE is required to issue an NF-e", code: "required" });
  }
  const issuerAddress = addressOf(company.address as Json | null, "company.address", errors, true);
  const addresses = partner.addresses as PartnerAddress[];
  const index = Math.max(
    0,
    addresses.findIndex((address) => address.is_default),
  );
  const recipientAddress =
    addresses.length > 0 ? addressOf(addresses[index] as unknown as Json, `partner.addresses.${index}`, errors, false) : null;
  if (!recipientAddress)
    errors.push({ path: "partner.addresses", message: "the partner needs an address to receive an NF-e", code: "required" });
  if (order.items.length === 0) errors.push({ path: "items", message: "an NF-e needs at least one item", code: "required" });
  const fiscal = partnerFiscalOf(partner);
  const byId = new Map(products.map((product) => [product.id, product]));
  const items = order.items.map((item, position) => {
    const product = byId.get(item.productId);
    if (!product?.ncm) errors.push({ path: `items.${position}.product_id`, message: "the product has no NCM", code: "ncm_required" });
    if (!item.taxes)
      errors.push({ path: `items.${position}.taxes`, message: "the item has no taxes figured (contract §12)", code: "required" });
    const unit = (item.unit ?? product?.measure_unit?.abbreviation ?? "UN").slice(0, 6);
    return {
      code: item.sku.slice(0, 60),
      gtin: product?.ean && isValidGtin(product.ean) ? product.ean : null,
      description: item.productName.slice(0, 120),
      ncm: product?.ncm ?? "",
      cest: product?.cest ?? null,
      origin: product?.origin ?? 0,
      unit,
      quantity: decimals(item.quantity, 4, 4),
      unit_value: decimals(item.unitValue, 2, 10),
      value: money(item.unitValue).times(money(item.quantity)).toDecimalPlaces(2).toFixed(2),
      taxes: item.taxes!,
    };
  });
  if (errors.length > 0) throw AppError.fields(errors);

  const issuedAt = saoPauloDateTime(context.issuedAt);
  const cnf = randomCnf(context.number);
  const key = accessKey({
    uf: issuerAddress!.uf,
    issuedAt,
    cnpj: company.fiscal_registration_number,
    series: context.series,
    number: context.number,
    cnf,
  });
  const methodType = new Map(methods.map((method) => [method.id, method.type]));
  const document: NfeDocument = {
    key,
    environment: context.environment,
    issued_at: issuedAt,
    series: context.series,
    number: context.number,
    cnf,
    operation: "Venda de mercadoria",
    destination: items.some((item) => item.taxes.cfop.startsWith("6")) ? 2 : 1,
    final_consumer: fiscal.final_consumer,
    issuer: {
      cnpj: company.fiscal_registration_number,
      name: company.name.slice(0, 60),
      trade_name: company.trade_name?.slice(0, 60) ?? null,
      address: issuerAddress!,
      ie: company.state_registration!.replace(/\W/g, "").toUpperCase(),
      crt: company.crt as 1 | 2 | 3 | 4,
    },
    recipient: {
      document: partner.fiscal_registration_number,
      name: partner.name.slice(0, 60),
      address: recipientAddress,
      ie_indicator: fiscal.ie_indicator,
      ie: fiscal.ie_indicator === 1 ? (partner.state_registration?.replace(/\W/g, "") ?? null) : null,
      email: partner.email,
    },
    items,
    freight_mode: order.freight_value > 0 ? 0 : 9,
    payments: [],
    additional_info: "",
    order_number: order.number,
    ibs_cbs: context.ibsCbs && items.every((item) => item.taxes.ibs && item.taxes.cbs),
  };
  const value = nfeValue(document);
  document.payments = paymentsOf(order, methodType, value);
  document.additional_info = additionalInfo(order, document);
  return document;
}

/** pag: the order's payments (they add up to its invoice value, contract §12); none sent: "99 — a combinar" for the whole. */
function paymentsOf(order: OrderDetail, types: Map<string, string | null>, value: string): NfePayment[] {
  const sum = order.payments.reduce((total, payment) => total.plus(money(payment.amount)), money(0));
  if (order.payments.length === 0 || !sum.equals(money(value))) return [{ type: "99", term: 1, value, description: "A combinar" }];
  return order.payments.map((payment) => ({
    type: TPAG[types.get(payment.paymentMethodId) ?? ""] ?? "99",
    term: payment.installments > 1 ? 1 : 0,
    value: money(payment.amount).toFixed(2),
    description: TPAG[types.get(payment.paymentMethodId) ?? ""] ? undefined : payment.paymentMethodName.slice(0, 60),
  }));
}

function additionalInfo(order: OrderDetail, document: NfeDocument): string {
  const lines = [`Pedido nº ${order.number}`];
  if (order.purchase_order) lines.push(`Pedido de compra do cliente: ${order.purchase_order}`);
  if (document.issuer.crt === 1 || document.issuer.crt === 4) {
    lines.push("DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL. NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI.");
    const credit = document.items.filter((item) => item.taxes.icms.credit_value);
    if (credit.length > 0) {
      const value = credit.reduce((total, item) => total.plus(money(item.taxes.icms.credit_value ?? 0)), money(0));
      const rate = credit[0]!.taxes.icms.credit_rate ?? 0;
      lines.push(
        `PERMITE O APROVEITAMENTO DO CRÉDITO DE ICMS NO VALOR DE R$ ${value.toFixed(2).replace(".", ",")}; CORRESPONDENTE À ALÍQUOTA DE ${String(rate).replace(".", ",")}%, NOS TERMOS DO ART. 23 DA LC 123/2006.`,
      );
    }
  }
  const difal = document.items.reduce((total, item) => total.plus(money(item.taxes.difal?.value ?? 0)), money(0));
  if (!difal.isZero()) lines.push(`DIFAL devido à UF de destino: R$ ${difal.toFixed(2).replace(".", ",")} (EC 87/2015).`);
  return lines.join(" | ").slice(0, 5000);
}
