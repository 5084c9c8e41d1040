import { createElement as h, type ReactElement } from "react";
import { Document, Image, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { toBuffer } from "bwip-js/node";
import { brDate, brDateTime } from "../../lib/br-dates";
import { formatFiscalNumber } from "../../lib/fiscal-number";
import { formatNfeKey } from "../../lib/nfe-key";
import { nfeTotals, type NfeDocument, type NfeItem } from "./document";

/**
 * The DANFE (contract §13): the NF-e printed in the layout of the MOC's annex — the header
 * with the emitter, "DANFE", the number, series and the access key as a CODE-128 bar code and
 * in its 11 groups of four; the nature of the operation and the authorization protocol; the
 * recipient; the tax totals (cálculo do imposto); transport; the items with NCM, CST/CSOSN,
 * CFOP and their taxes; the additional information. Printed from the document the XML was
 * written from, so the two never differ. Rendered off the event loop like the order PDF.
 */
export interface DanfeInput {
  document: NfeDocument;
  status: string;
  protocol: string | null;
  authorized_at: string | null;
}

const brl = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const qty = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 0, maximumFractionDigits: 4 });
const money = (value: number | string) => brl.format(Number(value));
const date = brDate;
const dateTime = (iso: string) => brDateTime(iso, true);
const cep = (value: string | null) => (value ? `${value.slice(0, 5)}-${value.slice(5)}` : "");

const styles = StyleSheet.create({
  page: { padding: 18, fontSize: 7, fontFamily: "Helvetica", color: "#000" },
  row: { flexDirection: "row" },
  box: { borderWidth: 0.5, borderColor: "#000", padding: 2, minHeight: 18 },
  label: { fontSize: 5.5, textTransform: "uppercase" },
  value: { fontSize: 8 },
  strong: { fontFamily: "Helvetica-Bold" },
  section: { fontSize: 6.5, fontFamily: "Helvetica-Bold", marginTop: 4, marginBottom: 1, textTransform: "uppercase" },
  head: { fontFamily: "Helvetica-Bold", fontSize: 5.5, backgroundColor: "#eee" },
  cell: { borderWidth: 0.5, borderColor: "#000", padding: 1.5, fontSize: 6 },
  watermark: { position: "absolute", top: 360, left: 60, fontSize: 38, color: "#d00", opacity: 0.25, transform: "rotate(-30deg)" },
});

/** One framed field: a small label over its value. */
const field = (label: string, value: string, width: string | number, key = label): ReactElement =>
  h(View, { key, style: [styles.box, { width }] }, h(Text, { style: styles.label }, label), h(Text, { style: styles.value }, value || " "));

const row = (children: ReactElement[], key?: string) => h(View, { style: styles.row, key }, children);

const ITEM_COLUMNS: Array<{ title: string; width: string; right?: boolean; value: (item: NfeItem) => string }> = [
  { title: "Código", width: "9%", value: (item) => item.code },
  { title: "Descrição do produto / serviço", width: "23%", value: (item) => item.description },
  { title: "NCM/SH", width: "7%", value: (item) => item.ncm },
  { title: "CST/CSOSN", width: "6%", value: (item) => `${item.origin}${item.taxes.icms.csosn ?? item.taxes.icms.cst ?? ""}` },
  { title: "CFOP", width: "5%", value: (item) => item.taxes.cfop },
  { title: "Un.", width: "4%", value: (item) => item.unit },
  { title: "Qtd.", width: "6%", right: true, value: (item) => qty.format(Number(item.quantity)) },
  { title: "V. unit.", width: "7%", right: true, value: (item) => money(item.unit_value) },
  { title: "V. total", width: "7%", right: true, value: (item) => money(item.value) },
  { title: "BC ICMS", width: "6%", right: true, value: (item) => money(item.taxes.icms.base) },
  { title: "V. ICMS", width: "5%", right: true, value: (item) => money(item.taxes.icms.value) },
  { title: "V. IPI", width: "5%", right: true, value: (item) => money(item.taxes.ipi?.value ?? 0) },
  { title: "Alíq. ICMS", width: "5%", right: true, value: (item) => brl.format(item.taxes.icms.rate) },
  { title: "Alíq. IPI", width: "5%", right: true, value: (item) => brl.format(item.taxes.ipi?.rate ?? 0) },
];

function itemsTable(items: NfeItem[]): ReactElement[] {
  const cells = (values: string[], head: boolean, key: string) =>
    h(
      View,
      { style: styles.row, key, wrap: false },
      ITEM_COLUMNS.map((column, index) =>
        h(
          Text,
          {
            key: String(index),
            style: [
              styles.cell,
              { width: column.width },
              ...(head ? [styles.head] : []),
              ...(column.right ? [{ textAlign: "right" as const }] : []),
            ],
          },
          values[index] ?? "",
        ),
      ),
    );
  return [
    cells(
      ITEM_COLUMNS.map((column) => column.title),
      true,
      "head",
    ),
    ...items.map((item, index) =>
      cells(
        ITEM_COLUMNS.map((column) => column.value(item)),
        false,
        `item-${index}`,
      ),
    ),
  ];
}

const FREIGHT_MODES: Record<number, string> = {
  0: "0 - Por conta do emitente (CIF)",
  1: "1 - Por conta do destinatário (FOB)",
  9: "9 - Sem ocorrência de transporte",
};

export async function renderDanfe(input: DanfeInput): Promise<Buffer> {
  const { document } = input;
  const totals = nfeTotals(document);
  const barcode = await toBuffer({ bcid: "code128", text: document.key, height: 10, scale: 2, includetext: false });
  const issuer = document.issuer;
  const recipient = document.recipient;
  const address = issuer.address;
  const homologation = document.environment === 2;
  const protocol =
    input.protocol && input.authorized_at
      ? `${input.protocol} - ${dateTime(input.authorized_at)}`
      : input.status === "SIGNED"
        ? "Aguardando autorização da SEFAZ"
        : input.status;
  const header = row([
    h(
      View,
      { key: "emit", style: [styles.box, { width: "38%", minHeight: 80 }] },
      h(Text, { style: styles.label }, "Identificação do emitente"),
      h(Text, { style: [styles.value, styles.strong, { fontSize: 10, marginTop: 4 }] }, issuer.name),
      h(Text, null, `${address.street}, ${address.number}${address.complement ? ` - ${address.complement}` : ""}`),
      h(Text, null, `${address.neighborhood} - ${cep(address.postal_code)}`),
      h(Text, null, `${address.city} - ${address.uf}${address.phone ? ` - Fone: ${address.phone}` : ""}`),
    ),
    h(
      View,
      { key: "danfe", style: [styles.box, { width: "17%", alignItems: "center" }] },
      h(Text, { style: [styles.strong, { fontSize: 12 }] }, "DANFE"),
      h(Text, { style: { fontSize: 6, textAlign: "center" } }, "Documento Auxiliar da Nota Fiscal Eletrônica"),
      h(Text, { style: { fontSize: 6, marginTop: 3 } }, "0 - Entrada   1 - Saída   [1]"),
      h(
        Text,
        { style: [styles.strong, { marginTop: 3 }] },
        `Nº ${String(document.number)
          .padStart(9, "0")
          .replace(/(\d{3})(?=\d)/g, "$1.")}`,
      ),
      h(Text, { style: styles.strong }, `Série ${String(document.series).padStart(3, "0")}`),
      h(Text, { render: ({ pageNumber, totalPages }) => `Folha ${pageNumber}/${totalPages}` }),
    ),
    h(
      View,
      { key: "key", style: [styles.box, { width: "45%" }] },
      h(Image, { src: { data: barcode, format: "png" }, style: { height: 28, marginBottom: 2 } }),
      h(Text, { style: styles.label }, "Chave de acesso"),
      h(Text, { style: [styles.value, styles.strong, { fontSize: 8.5 }] }, formatNfeKey(document.key)),
      h(
        Text,
        { style: { fontSize: 6, marginTop: 3 } },
        "Consulta de autenticidade no portal nacional da NF-e www.nfe.fazenda.gov.br/portal ou no site da Sefaz Autorizadora",
      ),
    ),
  ]);
  const operation = row([
    field("Natureza da operação", document.operation, "55%"),
    field("Protocolo de autorização de uso", protocol, "45%"),
  ]);
  const registrations = row([
    field("Inscrição estadual", issuer.ie, "33%"),
    field("Inscrição estadual do subst. trib.", "", "33%"),
    field("CNPJ", formatFiscalNumber(issuer.cnpj), "34%"),
  ]);
  const destination = recipient.address;
  const recipientRows = [
    row(
      [
        field("Nome / razão social", homologation ? "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL" : recipient.name, "58%"),
        field("CNPJ / CPF", formatFiscalNumber(recipient.document), "24%"),
        field("Data da emissão", date(document.issued_at), "18%"),
      ],
      "r1",
    ),
    row(
      [
        field("Endereço", destination ? `${destination.street}, ${destination.number}` : "", "48%"),
        field("Bairro / distrito", destination?.neighborhood ?? "", "24%"),
        field("CEP", cep(destination?.postal_code ?? null), "10%"),
        field("Data da saída", date(document.issued_at), "18%"),
      ],
      "r2",
    ),
    row(
      [
        field("Município", destination?.city ?? "", "40%"),
        field("Fone / fax", destination?.phone ?? "", "20%"),
        field("UF", destination?.uf ?? "", "6%"),
        field("Inscrição estadual", recipient.ie ?? (recipient.ie_indicator === 2 ? "ISENTO" : ""), "34%"),
      ],
      "r3",
    ),
  ];
  const taxRows = [
    row(
      [
        field("Base de cálculo do ICMS", money(totals.vBC.toFixed(2)), "20%"),
        field("Valor do ICMS", money(totals.vICMS.toFixed(2)), "20%"),
        field("Base de cálculo do ICMS ST", money(totals.vBCST.toFixed(2)), "20%"),
        field("Valor do ICMS substituição", money(totals.vST.toFixed(2)), "20%"),
        field("Valor total dos produtos", money(totals.vProd.toFixed(2)), "20%"),
      ],
      "t1",
    ),
    row(
      [
        field("Valor do frete", money(totals.vFrete.toFixed(2)), "14%"),
        field("Valor do seguro", money(totals.vSeg.toFixed(2)), "14%"),
        field("Desconto", money(totals.vDesc.toFixed(2)), "14%"),
        field("Outras despesas", money(totals.vOutro.toFixed(2)), "14%"),
        field("Valor do IPI", money(totals.vIPI.toFixed(2)), "14%"),
        field("Valor do FCP ST", money(totals.vFCPST.toFixed(2)), "10%"),
        field("Valor total da nota", money(totals.vNF.toFixed(2)), "20%"),
      ],
      "t2",
    ),
  ];
  const children: ReactElement[] = [
    header,
    operation,
    registrations,
    h(Text, { key: "s-dest", style: styles.section }, "Destinatário / remetente"),
    ...recipientRows,
    h(Text, { key: "s-tax", style: styles.section }, "Cálculo do imposto"),
    ...taxRows,
    h(Text, { key: "s-transp", style: styles.section }, "Transportador / volumes transportados"),
    row([field("Frete por conta", FREIGHT_MODES[document.freight_mode] ?? String(document.freight_mode), "100%")], "transp"),
    h(Text, { key: "s-items", style: styles.section }, "Dados dos produtos / serviços"),
    ...itemsTable(document.items),
    h(Text, { key: "s-add", style: styles.section }, "Dados adicionais"),
    row([field("Informações complementares", document.additional_info, "70%"), field("Reservado ao fisco", "", "30%")], "add"),
  ];
  if (homologation || input.status !== "AUTHORIZED") {
    const mark = input.status === "CANCELED" ? "NF-e CANCELADA" : homologation ? "SEM VALOR FISCAL" : "NÃO AUTORIZADA";
    children.push(h(Text, { key: "mark", style: styles.watermark, fixed: true }, mark));
  }
  const pdf = h(
    Document,
    { title: `DANFE ${document.number} - ${formatNfeKey(document.key)}`, author: issuer.name, creator: "vendas-b2b" },
    h(Page, { size: "A4", style: styles.page }, children),
  );
  return renderToBuffer(pdf);
}
