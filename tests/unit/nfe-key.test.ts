import { describe, expect, it } from "vitest";
import { formatNfeKey, isValidNfeKey, nfeCheckDigit, normalizeNfeKey } from "@/server/lib/nfe-key";

/** The example key of the NF-e integration manual (Manual de Orientação do Contribuinte): check digit 5. */
const KNOWN = ["52060433009911002506550120000007800267301615"];

describe("NF-e access key (modulo 11)", () => {
  it("computes the check digit of known keys", () => {
    for (const key of KNOWN) expect(nfeCheckDigit(key.slice(0, 43))).toBe(Number(key[43]));
  });

  it("maps remainders 0 and 1 to the digit 0", () => {
    // Sum of weights: all-zero data has remainder 0; one 1 at the rightmost place (weight 2) has remainder 2 → 9.
    expect(nfeCheckDigit("0".repeat(43))).toBe(0);
    expect(nfeCheckDigit(`${"0".repeat(42)}1`)).toBe(9);
    // A 1 at weight 5 plus one at weight 6: 11 → remainder 0 → 0; weight 3 + weight 9 = 12 → remainder 1 → 0.
    expect(nfeCheckDigit(`${"0".repeat(38)}11000`)).toBe(0);
  });

  it("accepts valid keys and refuses wrong digits, lengths and characters", () => {
    for (const key of KNOWN) {
      expect(isValidNfeKey(key)).toBe(true);
      expect(isValidNfeKey(key.slice(0, 43) + String((Number(key[43]) + 1) % 10))).toBe(false);
    }
    expect(isValidNfeKey(KNOWN[0]!.slice(0, 43))).toBe(false);
    expect(isValidNfeKey(`${KNOWN[0]}0`)).toBe(false);
    expect(isValidNfeKey(`${KNOWN[0]!.slice(0, 42)}a${KNOWN[0]!.slice(43)}`)).toBe(false);
    expect(() => nfeCheckDigit("123")).toThrow(RangeError);
  });

  it("reads keys as people paste them and prints them in groups of four", () => {
    const grouped = formatNfeKey(KNOWN[0]!);
    expect(grouped).toBe("5206 0433 0099 1100 2506 5501 2000 0007 8002 6730 1615");
    expect(normalizeNfeKey(grouped)).toBe(KNOWN[0]);
    expect(isValidNfeKey(normalizeNfeKey(grouped))).toBe(true);
  });
});
