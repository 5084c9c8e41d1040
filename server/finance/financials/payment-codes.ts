import { toSVG } from "bwip-js/node";
import QRCode from "qrcode";
import type { Db } from "../../db/scoped";
import { boletoCodesOf, formatDigitableLine } from "../../lib/boleto";
import type { FinancialPaymentCodes } from "./schemas";
import type { OrderScope } from "../../auth/scope";
import { getFinancial } from "./service";

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;

/** A BR Code as a QR code (error correction M, a quiet zone of 4 modules as the standard asks). */
async function qrCodeOf(code: string | null | undefined): Promise<FinancialPaymentCodes["pix_qr_code"]> {
  if (!code) return null;
  const svg = await QRCode.toString(code, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return { code, image: svgDataUrl(svg) };
}

/**
 * A boleto's 44-digit bar code as Interleaved 2 of 5 (FEBRABAN: wide elements three times
 * the narrow ones, bwip-js's default; 13 mm high; a quiet zone on each side) with its linha digitável.
 */
function boletoOf(stored: string | null | undefined): FinancialPaymentCodes["boleto"] {
  if (!stored) return null;
  const { barCode, digitableLine } = boletoCodesOf(stored);
  const svg = toSVG({
    bcid: "interleaved2of5",
    text: barCode,
    height: 13,
    includetext: false,
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: "FFFFFF",
  });
  return {
    bar_code: barCode,
    digitable_line: digitableLine,
    digitable_line_formatted: formatDigitableLine(digitableLine),
    image: svgDataUrl(svg),
  };
}

/** The payment codes of a receivable the caller sees, as images for the panel (404 when not found). */
export async function getPaymentCodes(db: Db, id: string, scope: OrderScope): Promise<FinancialPaymentCodes> {
  const record = await getFinancial(db, id, scope);
  const [boletoQrCode, pixQrCode] = await Promise.all([qrCodeOf(record.payment_billet?.qr_code), qrCodeOf(record.pix?.qr_code)]);
  return { boleto: boletoOf(record.payment_billet?.bar_code), boleto_qr_code: boletoQrCode, pix_qr_code: pixQrCode };
}
