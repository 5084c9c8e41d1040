import { describe, expect, it } from "vitest";
import {
  barCodeOfLine,
  bankBarCodeDigit,
  boletoCodesOf,
  digitableLineOf,
  formatDigitableLine,
  isValidBoletoCode,
  modulo10,
} from "@/server/lib/boleto";
import { crc16, isValidBrCode } from "@/server/lib/pix";

/** Real boletos (a CEF bank slip, a Bradesco card bill, utility bills) with their published codes. */
const BANK_BAR_CODE = "10499898100000214032006561000100040099726390";
const BANK_LINE = "10492006506100010004200997263900989810000021403";
const CARD_BAR_CODE = "23797000000000000004150090019801673500021140";
const CARD_LINE = "23794150099001980167035000211405700000000000000";
const ENERGY_BAR_CODE = "83860000005096000190000008017823000034306271";
const COLLECTION_BAR_CODES = ["85820000000572503282035607082021053959190446", "84630000000299902962020041013600000200644114"];

/** The example BR Code of the Banco Central's PIX manual (static QR code, CRC 1D3D). */
const BR_CODE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

/** Changes one digit of `code` at `index` (to the next digit). */
const flip = (code: string, index: number) => code.slice(0, index) + String((Number(code[index]) + 1) % 10) + code.slice(index + 1);

describe("boleto codes", () => {
  it("accepts real bank bar codes and their linhas digitáveis, printed or bare", () => {
    for (const code of [BANK_BAR_CODE, BANK_LINE, CARD_BAR_CODE, CARD_LINE]) expect(isValidBoletoCode(code), code).toBe(true);
    expect(isValidBoletoCode("10492.00650 61000.100042 00997.263900 9 89810000021403")).toBe(true);
  });

  it("computes the check digits the published codes carry", () => {
    expect(bankBarCodeDigit(BANK_BAR_CODE.slice(0, 4) + BANK_BAR_CODE.slice(5))).toBe(9);
    expect(modulo10("104920065")).toBe(0);
    expect(barCodeOfLine(BANK_LINE)).toBe(BANK_BAR_CODE);
    expect(barCodeOfLine(CARD_LINE)).toBe(CARD_BAR_CODE);
  });

  it("accepts collection (arrecadação) bar codes, modulo 10 and modulo 11", () => {
    for (const code of [ENERGY_BAR_CODE, ...COLLECTION_BAR_CODES]) expect(isValidBoletoCode(code), code).toBe(true);
  });

  it("refuses any single wrong digit, wrong lengths and letters", () => {
    for (let index = 0; index < BANK_BAR_CODE.length; index++)
      expect(isValidBoletoCode(flip(BANK_BAR_CODE, index)), `bar code digit ${index}`).toBe(false);
    for (let index = 0; index < BANK_LINE.length; index++)
      expect(isValidBoletoCode(flip(BANK_LINE, index)), `line digit ${index}`).toBe(false);
    expect(isValidBoletoCode(flip(ENERGY_BAR_CODE, 3))).toBe(false);
    expect(isValidBoletoCode(BANK_BAR_CODE.slice(1))).toBe(false);
    expect(isValidBoletoCode(`${BANK_LINE}0`)).toBe(false);
    expect(isValidBoletoCode("1049989810000021403200656100010004009972639A")).toBe(false);
    expect(isValidBoletoCode("")).toBe(false);
  });
});

describe("linha digitável of a bar code", () => {
  it("is the published line of real bank boletos, and the bar code comes back from it", () => {
    expect(digitableLineOf(BANK_BAR_CODE)).toBe(BANK_LINE);
    expect(digitableLineOf(CARD_BAR_CODE)).toBe(CARD_LINE);
    expect(formatDigitableLine(BANK_LINE)).toBe("10492.00650 61000.100042 00997.263900 9 89810000021403");
    expect(boletoCodesOf(BANK_LINE)).toEqual({ barCode: BANK_BAR_CODE, digitableLine: BANK_LINE });
    expect(boletoCodesOf(BANK_BAR_CODE)).toEqual({ barCode: BANK_BAR_CODE, digitableLine: BANK_LINE });
  });

  it("is four blocks of 11 digits with their check digits for collection boletos (modulo 10 and 11)", () => {
    // Reference digit 8: modulo 11 (check digits worked out by hand).
    expect(formatDigitableLine(digitableLineOf(ENERGY_BAR_CODE))).toBe("83860000005-0 09600019000-9 00080178230-9 00034306271-2");
    // Reference digit 6: modulo 10.
    expect(formatDigitableLine(digitableLineOf(COLLECTION_BAR_CODES[1]!)).slice(0, 13)).toBe("84630000000-3");
    for (const code of [ENERGY_BAR_CODE, ...COLLECTION_BAR_CODES]) {
      const line = digitableLineOf(code);
      expect(line).toHaveLength(48);
      expect([0, 12, 24, 36].map((start) => line.slice(start, start + 11)).join("")).toBe(code);
      expect(boletoCodesOf(code)).toEqual({ barCode: code, digitableLine: line });
    }
  });
});

describe("PIX BR Code", () => {
  it("computes the CRC16 of the Banco Central's example and accepts it", () => {
    expect(crc16(BR_CODE.slice(0, -4))).toBe("1D3D");
    expect(isValidBrCode(BR_CODE)).toBe(true);
    expect(isValidBrCode(BR_CODE.replace(/1D3D$/, "1d3d"))).toBe(true);
  });

  it("computes CRC16-CCITT-FALSE's check value", () => {
    expect(crc16("123456789")).toBe("29B1");
  });

  it("refuses a wrong CRC, a changed payload, a payload that is not PIX and broken TLV", () => {
    expect(isValidBrCode(BR_CODE.replace(/1D3D$/, "1D3E"))).toBe(false);
    expect(isValidBrCode(BR_CODE.replace("Fulano", "Fulana"))).toBe(false);
    const notPix = "000201260804001234" + "6304";
    expect(isValidBrCode(notPix + crc16(notPix))).toBe(false);
    const broken = "00020126580014br.gov.bcb.pix01361236304";
    expect(isValidBrCode(broken + crc16(broken))).toBe(false);
    expect(isValidBrCode("not a br code")).toBe(false);
  });
});
