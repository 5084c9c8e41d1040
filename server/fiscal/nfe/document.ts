import { money, sumMoney, type Money } from "../../lib/money";
import type { ItemTaxesJson } from "../../taxes/schemas";
import { el, opt, type Node } from "./xml";

/**
 * An NF-e 4.00 (contract §13) as data, and its XML. The document is what the order gave
 * (server/fiscal/nfe/from-order.ts) with every figure already decided by the tax engine
 * (contract §12); writing it adds nothing but the layout: elements in the schema's order
 * (leiauteNFe_v4.00.xsd of PL_010), the totals as sums of the items. The same data prints
 * the DANFE (danfe.ts), so the print never says what the XML does not.
 */

export const NFE_NAMESPACE = "http://www.portalfiscal.inf.br/nfe";
export const HOMOLOGATION_NAME = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";

export interface NfeAddress {
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
  /** IBGE municipality code, 7 digits. */
  city_code: string;
  city: string;
  uf: string;
  /** 8 digits. */
  postal_code: string | null;
  phone: string | null;
}

export interface NfeItem {
  code: string;
  gtin: string | null;
  description: string;
  ncm: string;
  cest: string | null;
  origin: number;
  unit: string;
  /** Up to 4 decimals. */
  quantity: string;
  /** Up to 10 decimals. */
  unit_value: string;
  /** vProd, 2 decimals. */
  value: string;
  taxes: ItemTaxesJson;
}

export interface NfePayment {
  /** tPag: 01 cash, 03 credit card, 04 debit card, 15 boleto, 17 PIX, 18 transfer, 90 none. */
  type: string;
  /** indPag: 0 in cash, 1 in installments. */
  term: 0 | 1;
  value: string;
  /** xPag: what tPag 99 ("other") is. */
  description?: string;
}

export interface NfeDocument {
  key: string;
  /** tpAmb: 1 production, 2 homologation. */
  environment: 1 | 2;
  /** dhEmi, São Paulo time with its offset ("2026-11-28T10:00:00-03:00"). */
  issued_at: string;
  series: number;
  number: number;
  cnf: string;
  operation: string;
  /** idDest: 1 within the issuer's state, 2 to another state. */
  destination: 1 | 2;
  final_consumer: boolean;
  issuer: {
    cnpj: string;
    name: string;
    trade_name: string | null;
    address: NfeAddress;
    ie: string;
    crt: 1 | 2 | 3 | 4;
  };
  recipient: {
    /** CNPJ (14) or CPF (11) digits. */
    document: string;
    name: string;
    address: NfeAddress | null;
    ie_indicator: 1 | 2 | 9;
    ie: string | null;
    email: string | null;
  };
  items: NfeItem[];
  /** modFrete: 0 the issuer's (CIF), 9 no transport. */
  freight_mode: 0 | 9;
  payments: NfePayment[];
  /** infCpl. */
  additional_info: string;
  order_number: number;
  /** Whether the items carry the 2026 IBS/CBS group (contract §12 `ibs_cbs`). */
  ibs_cbs: boolean;
}

export const UF_CODES: Record<string, string> = {
  RO: "11",
  AC: "12",
  AM: "13",
  RR: "14",
  PA: "15",
  AP: "16",
  TO: "17",
  MA: "21",
  PI: "22",
  CE: "23",
  RN: "24",
  PB: "25",
  PE: "26",
  AL: "27",
  SE: "28",
  BA: "29",
  MG: "31",
  ES: "32",
  RJ: "33",
  SP: "35",
  PR: "41",
  SC: "42",
  RS: "43",
  MS: "50",
  MT: "51",
  GO: "52",
  DF: "53",
};

const m2 = (value: number | string | Money) => money(value).toFixed(2);
/** Rates: 2 to 4 decimals (TDec_0302a04); written with 4. */
const rate = (value: number | string) => money(value).toFixed(4);
const positive = (value: number) => (value > 0 ? m2(value) : null);

/** The ICMS totals of ICMSTot, as sums of the items (SEFAZ refuses totals that differ: rejections 531ff). */
export function nfeTotals(document: Pick<NfeDocument, "items">) {
  const sum = (pick: (item: NfeItem) => number | string | undefined) => sumMoney(document.items.map((item) => money(pick(item) ?? 0)));
  const t = (item: NfeItem) => item.taxes;
  const vProd = sum((item) => item.value);
  const vFrete = sum((item) => t(item).freight_value);
  const vSeg = sum((item) => t(item).insurance_value);
  const vDesc = sum((item) => t(item).discount_value);
  const vOutro = sum((item) => t(item).other_value);
  const vIPI = sum((item) => t(item).ipi?.value);
  const vST = sum((item) => t(item).icms_st?.value);
  const vFCPST = sum((item) => t(item).fcp_st?.value);
  const totals = {
    vBC: sum((item) => (hasOwnIcms(item) ? t(item).icms.base : 0)),
    vICMS: sum((item) => (hasOwnIcms(item) ? t(item).icms.value : 0)),
    vICMSDeson: money(0),
    vFCPUFDest: sum((item) => t(item).difal?.fcp.value),
    vICMSUFDest: sum((item) => t(item).difal?.value),
    vICMSUFRemet: money(0),
    vFCP: sum((item) => t(item).fcp?.value),
    vBCST: sum((item) => t(item).icms_st?.base),
    vST,
    vFCPST,
    vFCPSTRet: money(0),
    vProd,
    vFrete,
    vSeg,
    vDesc,
    vII: money(0),
    vIPI,
    vIPIDevol: money(0),
    vPIS: sum((item) => t(item).pis?.value),
    vCOFINS: sum((item) => t(item).cofins?.value),
    vOutro,
    vNF: vProd.minus(vDesc).plus(vFrete).plus(vSeg).plus(vOutro).plus(vIPI).plus(vST).plus(vFCPST),
  };
  return {
    ...totals,
    vIBS: sum((item) => t(item).ibs?.value),
    vCBS: sum((item) => t(item).cbs?.value),
    vBCIBSCBS: sum((item) => t(item).ibs?.base),
  };
}
export type NfeTotals = ReturnType<typeof nfeTotals>;

/** CSTs whose group states the own ICMS (their vBC/vICMS enter ICMSTot). */
const OWN_ICMS = new Set(["00", "10", "20", "51", "70", "90"]);
const hasOwnIcms = (item: NfeItem) => item.taxes.icms.cst !== undefined && OWN_ICMS.has(item.taxes.icms.cst);

function addressXml(name: "enderEmit" | "enderDest", address: NfeAddress, requirePostalCode: boolean): string {
  return el(name, [
    el("xLgr", address.street),
    el("nro", address.number),
    opt("xCpl", address.complement),
    el("xBairro", address.neighborhood),
    el("cMun", address.city_code),
    el("xMun", address.city),
    el("UF", address.uf),
    requirePostalCode || address.postal_code ? el("CEP", address.postal_code ?? "") : null,
    el("cPais", "1058"),
    el("xPais", "Brasil"),
    opt("fone", address.phone),
  ]);
}

function ownFcp(taxes: ItemTaxesJson): Node[] {
  return taxes.fcp ? [el("vBCFCP", m2(taxes.fcp.base)), el("pFCP", rate(taxes.fcp.rate)), el("vFCP", m2(taxes.fcp.value))] : [];
}

function stFields(taxes: ItemTaxesJson): Node[] {
  const st = taxes.icms_st;
  if (!st) return [];
  return [
    el("modBCST", "4"),
    st.mva > 0 ? el("pMVAST", rate(st.mva)) : null,
    el("vBCST", m2(st.base)),
    el("pICMSST", rate(st.rate)),
    el("vICMSST", m2(st.value)),
    ...(taxes.fcp_st
      ? [el("vBCFCPST", m2(taxes.fcp_st.base)), el("pFCPST", rate(taxes.fcp_st.rate)), el("vFCPST", m2(taxes.fcp_st.value))]
      : []),
  ];
}

/** The ICMS group the item's CST (normal regime) or CSOSN (Simples Nacional) requires. */
function icmsXml(item: NfeItem): string {
  const { icms } = item.taxes;
  const orig = el("orig", String(item.origin));
  const own = (withReduction: boolean): Node[] => [
    el("modBC", "3"),
    withReduction ? el("pRedBC", rate(icms.base_reduction ?? 0)) : null,
    el("vBC", m2(icms.base)),
    el("pICMS", rate(icms.rate)),
    el("vICMS", m2(icms.value)),
    ...ownFcp(item.taxes),
  ];
  if (icms.csosn) {
    const csosn = el("CSOSN", icms.csosn);
    const credit = [el("pCredSN", rate(icms.credit_rate ?? 0)), el("vCredICMSSN", m2(icms.credit_value ?? 0))];
    switch (icms.csosn) {
      case "101":
        return el("ICMSSN101", [orig, csosn, ...credit]);
      case "201":
        return el("ICMSSN201", [orig, csosn, ...stFields(item.taxes), ...credit]);
      case "202":
      case "203":
        return el("ICMSSN202", [orig, csosn, ...stFields(item.taxes)]);
      case "500":
        return el("ICMSSN500", [orig, csosn]);
      case "900":
        return el("ICMSSN900", [orig, csosn, ...stFields(item.taxes), ...(icms.credit_value ? credit : [])]);
      default:
        return el("ICMSSN102", [orig, csosn]);
    }
  }
  const cst = icms.cst ?? "00";
  const code = el("CST", cst);
  switch (cst) {
    case "00":
      return el("ICMS00", [
        orig,
        code,
        el("modBC", "3"),
        el("vBC", m2(icms.base)),
        el("pICMS", rate(icms.rate)),
        el("vICMS", m2(icms.value)),
        ...(item.taxes.fcp ? [el("pFCP", rate(item.taxes.fcp.rate)), el("vFCP", m2(item.taxes.fcp.value))] : []),
      ]);
    case "10":
      return el("ICMS10", [orig, code, ...own(false), ...stFields(item.taxes)]);
    case "20":
      return el("ICMS20", [orig, code, ...own(true)]);
    case "30":
      return el("ICMS30", [orig, code, ...stFields(item.taxes)]);
    case "51":
      return el("ICMS51", [orig, code, ...own(Boolean(icms.base_reduction))]);
    case "60":
      return el("ICMS60", [orig, code]);
    case "70":
      return el("ICMS70", [orig, code, ...own(true), ...stFields(item.taxes)]);
    case "90":
      return el("ICMS90", [
        orig,
        code,
        ...(icms.value > 0 || icms.base > 0 ? own(Boolean(icms.base_reduction)) : []),
        ...stFields(item.taxes),
      ]);
    default:
      // 40 exempt, 41 not taxed, 50 suspended.
      return el("ICMS40", [orig, code]);
  }
}

const IPI_NOT_TAXED = new Set(["51", "52", "53", "54", "55"]);

function ipiXml(item: NfeItem): Node {
  const ipi = item.taxes.ipi;
  if (!ipi) return null;
  const cst = ipi.cst ?? "50";
  return el("IPI", [
    el("cEnq", "999"),
    IPI_NOT_TAXED.has(cst)
      ? el("IPINT", [el("CST", cst)])
      : el("IPITrib", [el("CST", cst), el("vBC", m2(ipi.base)), el("pIPI", rate(ipi.rate)), el("vIPI", m2(ipi.value))]),
  ]);
}

const ALIQ = new Set(["01", "02"]);
const NOT_TAXED = new Set(["04", "05", "06", "07", "08", "09"]);

/** PIS or COFINS: by rate (CST 01/02), not taxed (04–09), else "other" (49/99; CST 49 at zero when the regime states none). */
function contributionXml(tag: "PIS" | "COFINS", value: ItemTaxesJson["pis"]): string {
  const p = tag === "PIS" ? "pPIS" : "pCOFINS";
  const v = tag === "PIS" ? "vPIS" : "vCOFINS";
  const cst = value?.cst ?? "49";
  if (value && ALIQ.has(cst)) {
    return el(tag, [el(`${tag}Aliq`, [el("CST", cst), el("vBC", m2(value.base)), el(p, rate(value.rate)), el(v, m2(value.value))])]);
  }
  if (NOT_TAXED.has(cst)) return el(tag, [el(`${tag}NT`, [el("CST", cst)])]);
  return el(tag, [
    el(`${tag}Outr`, [el("CST", cst), el("vBC", m2(value?.base ?? 0)), el(p, rate(value?.rate ?? 0)), el(v, m2(value?.value ?? 0))]),
  ]);
}

function difalXml(item: NfeItem): Node {
  const difal = item.taxes.difal;
  if (!difal) return null;
  return el("ICMSUFDest", [
    el("vBCUFDest", m2(difal.base)),
    el("vBCFCPUFDest", m2(difal.fcp.base)),
    el("pFCPUFDest", rate(difal.fcp.rate)),
    el("pICMSUFDest", rate(difal.internal_rate)),
    el("pICMSInter", m2(difal.interstate_rate)),
    el("pICMSInterPart", rate(100)),
    el("vFCPUFDest", m2(difal.fcp.value)),
    el("vICMSUFDest", m2(difal.value)),
    el("vICMSUFRemet", "0.00"),
  ]);
}

/** The 2026 test-year group (contract §12): CST 000, cClassTrib 000001, the state IBS and the CBS; the municipal IBS is 0. */
function ibsCbsXml(item: NfeItem): Node {
  const { ibs, cbs } = item.taxes;
  if (!ibs || !cbs) return null;
  return el("IBSCBS", [
    el("CST", "000"),
    el("cClassTrib", "000001"),
    el("gIBSCBS", [
      el("vBC", m2(ibs.base)),
      el("gIBSUF", [el("pIBSUF", rate(ibs.rate)), el("vIBSUF", m2(ibs.value))]),
      el("gIBSMun", [el("pIBSMun", rate(0)), el("vIBSMun", "0.00")]),
      el("vIBS", m2(ibs.value)),
      el("gCBS", [el("pCBS", rate(cbs.rate)), el("vCBS", m2(cbs.value))]),
    ]),
  ]);
}

function itemXml(item: NfeItem, index: number, document: NfeDocument): string {
  const { taxes } = item;
  const gtin = item.gtin ?? "SEM GTIN";
  return el(
    "det",
    [
      el("prod", [
        el("cProd", item.code),
        el("cEAN", gtin),
        el("xProd", index === 0 && document.environment === 2 ? HOMOLOGATION_ITEM : item.description),
        el("NCM", item.ncm),
        opt("CEST", item.cest),
        el("CFOP", taxes.cfop),
        el("uCom", item.unit),
        el("qCom", item.quantity),
        el("vUnCom", item.unit_value),
        el("vProd", item.value),
        el("cEANTrib", gtin),
        el("uTrib", item.unit),
        el("qTrib", item.quantity),
        el("vUnTrib", item.unit_value),
        opt("vFrete", positive(taxes.freight_value)),
        opt("vSeg", positive(taxes.insurance_value)),
        opt("vDesc", positive(taxes.discount_value)),
        opt("vOutro", positive(taxes.other_value)),
        el("indTot", "1"),
        el("xPed", String(document.order_number)),
        el("nItemPed", String(index + 1).padStart(6, "0")),
      ]),
      el("imposto", [
        el("ICMS", [icmsXml(item)]),
        ipiXml(item),
        contributionXml("PIS", taxes.pis),
        contributionXml("COFINS", taxes.cofins),
        difalXml(item),
        document.ibs_cbs ? ibsCbsXml(item) : null,
      ]),
    ],
    { nItem: String(index + 1) },
  );
}

/** The MOC's rule for homologation: the first item's description says the document is worthless. */
const HOMOLOGATION_ITEM = "NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL";

/** The unsigned `<NFe>` (the signature goes after infNFe: sign.ts). */
export function nfeXml(document: NfeDocument): string {
  const totals = nfeTotals(document);
  const { issuer, recipient } = document;
  const key = document.key;
  const recipientName = document.environment === 2 ? HOMOLOGATION_NAME : recipient.name;
  const icmsTot = el("ICMSTot", [
    el("vBC", m2(totals.vBC)),
    el("vICMS", m2(totals.vICMS)),
    el("vICMSDeson", m2(totals.vICMSDeson)),
    totals.vICMSUFDest.isZero() && totals.vFCPUFDest.isZero() ? null : el("vFCPUFDest", m2(totals.vFCPUFDest)),
    totals.vICMSUFDest.isZero() && totals.vFCPUFDest.isZero() ? null : el("vICMSUFDest", m2(totals.vICMSUFDest)),
    totals.vICMSUFDest.isZero() && totals.vFCPUFDest.isZero() ? null : el("vICMSUFRemet", m2(totals.vICMSUFRemet)),
    el("vFCP", m2(totals.vFCP)),
    el("vBCST", m2(totals.vBCST)),
    el("vST", m2(totals.vST)),
    el("vFCPST", m2(totals.vFCPST)),
    el("vFCPSTRet", m2(totals.vFCPSTRet)),
    el("vProd", m2(totals.vProd)),
    el("vFrete", m2(totals.vFrete)),
    el("vSeg", m2(totals.vSeg)),
    el("vDesc", m2(totals.vDesc)),
    el("vII", m2(totals.vII)),
    el("vIPI", m2(totals.vIPI)),
    el("vIPIDevol", m2(totals.vIPIDevol)),
    el("vPIS", m2(totals.vPIS)),
    el("vCOFINS", m2(totals.vCOFINS)),
    el("vOutro", m2(totals.vOutro)),
    el("vNF", m2(totals.vNF)),
  ]);
  const ibsCbsTot = document.ibs_cbs
    ? el("IBSCBSTot", [
        el("vBCIBSCBS", m2(totals.vBCIBSCBS)),
        el("gIBS", [
          el("gIBSUF", [el("vDif", "0.00"), el("vDevTrib", "0.00"), el("vIBSUF", m2(totals.vIBS))]),
          el("gIBSMun", [el("vDif", "0.00"), el("vDevTrib", "0.00"), el("vIBSMun", "0.00")]),
          el("vIBS", m2(totals.vIBS)),
          el("vCredPres", "0.00"),
          el("vCredPresCondSus", "0.00"),
        ]),
        el("gCBS", [
          el("vDif", "0.00"),
          el("vDevTrib", "0.00"),
          el("vCBS", m2(totals.vCBS)),
          el("vCredPres", "0.00"),
          el("vCredPresCondSus", "0.00"),
        ]),
      ])
    : null;
  const infNFe = el(
    "infNFe",
    [
      el("ide", [
        el("cUF", key.slice(0, 2)),
        el("cNF", document.cnf),
        el("natOp", document.operation),
        el("mod", "55"),
        el("serie", String(document.series)),
        el("nNF", String(document.number)),
        el("dhEmi", document.issued_at),
        el("tpNF", "1"),
        el("idDest", String(document.destination)),
        el("cMunFG", issuer.address.city_code),
        el("tpImp", "1"),
        el("tpEmis", "1"),
        el("cDV", key.slice(43)),
        el("tpAmb", String(document.environment)),
        el("finNFe", "1"),
        el("indFinal", document.final_consumer ? "1" : "0"),
        el("indPres", "9"),
        el("indIntermed", "0"),
        el("procEmi", "0"),
        el("verProc", "vendas-b2b 1.0"),
      ]),
      el("emit", [
        el("CNPJ", issuer.cnpj),
        el("xNome", issuer.name),
        opt("xFant", issuer.trade_name),
        addressXml("enderEmit", issuer.address, true),
        el("IE", issuer.ie),
        el("CRT", String(issuer.crt)),
      ]),
      el("dest", [
        el(recipient.document.length === 11 ? "CPF" : "CNPJ", recipient.document),
        el("xNome", recipientName),
        recipient.address ? addressXml("enderDest", recipient.address, false) : null,
        el("indIEDest", String(recipient.ie_indicator)),
        recipient.ie_indicator === 1 && recipient.ie ? el("IE", recipient.ie) : null,
        opt("email", recipient.email),
      ]),
      ...document.items.map((item, index) => itemXml(item, index, document)),
      el("total", [icmsTot, ibsCbsTot]),
      el("transp", [el("modFrete", String(document.freight_mode))]),
      el(
        "pag",
        document.payments.map((payment) =>
          el("detPag", [
            el("indPag", String(payment.term)),
            el("tPag", payment.type),
            opt("xPag", payment.description),
            el("vPag", payment.value),
          ]),
        ),
      ),
      document.additional_info ? el("infAdic", [el("infCpl", document.additional_info)]) : null,
    ],
    { versao: "4.00", Id: `NFe${key}` },
  );
  return el("NFe", [infNFe], { xmlns: NFE_NAMESPACE });
}

/** vNF of the document (what the customer pays), as the XML states it. */
export function nfeValue(document: Pick<NfeDocument, "items">): string {
  return m2(nfeTotals(document).vNF);
}
