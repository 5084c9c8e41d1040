import { NFE_NAMESPACE } from "./document";
import { el } from "./xml";

/**
 * The NF-e events this system signs (contract §13): cancellation (110111, with the
 * authorization protocol and a reason of 15+ characters) and the correction letter (CC-e,
 * 110110, numbered 1–20, with the conditions of use the schema fixes). Each is an `evento`
 * of layout 1.00, signed over `infEvento` like the NF-e (sign.ts).
 */
export const EVENT_CODES = { CANCELLATION: "110111", CORRECTION: "110110" } as const;
export type EventType = keyof typeof EVENT_CODES;

const CONDITIONS_OF_USE =
  "A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser " +
  "utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: " +
  "I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, " +
  "valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; " +
  "III - a data de emissao ou de saida.";

export interface EventInput {
  type: EventType;
  key: string;
  cnpj: string;
  environment: 1 | 2;
  at: string;
  sequence: number;
  /** The reason (cancellation) or the correction. */
  text: string;
  /** The NF-e's authorization protocol (cancellation). */
  protocol: string | null;
}

export function eventXml(input: EventInput): string {
  const code = EVENT_CODES[input.type];
  const detail =
    input.type === "CANCELLATION"
      ? el("detEvento", [el("descEvento", "Cancelamento"), el("nProt", input.protocol ?? ""), el("xJust", input.text)], { versao: "1.00" })
      : el("detEvento", [el("descEvento", "Carta de Correcao"), el("xCorrecao", input.text), el("xCondUso", CONDITIONS_OF_USE)], {
          versao: "1.00",
        });
  return el(
    "evento",
    [
      el(
        "infEvento",
        [
          el("cOrgao", input.key.slice(0, 2)),
          el("tpAmb", String(input.environment)),
          el("CNPJ", input.cnpj),
          el("chNFe", input.key),
          el("dhEvento", input.at),
          el("tpEvento", code),
          el("nSeqEvento", String(input.sequence)),
          el("verEvento", "1.00"),
          detail,
        ],
        { Id: `ID${code}${input.key}${String(input.sequence).padStart(2, "0")}` },
      ),
    ],
    { xmlns: NFE_NAMESPACE, versao: "1.00" },
  );
}
