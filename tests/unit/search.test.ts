import { describe, expect, it } from "vitest";
import { identifierDigits, searchText, searchWhere } from "@/server/lib/search";

describe("search text", () => {
  it("finds identifiers with their mask or without it: CNPJ, CPF, CEP, phone, NF-e key in groups", () => {
    expect(identifierDigits("12.345.678/0001-90")).toBe("12345678000190");
    expect(identifierDigits("123.456.789-09")).toBe("12345678909");
    expect(identifierDigits("01310-100")).toBe("01310100");
    expect(identifierDigits("(11) 98765-4321")).toBe("11987654321");
    expect(identifierDigits("+55 11 98765 4321")).toBe("5511987654321");
    expect(identifierDigits("3526 1112 3456 7800 0190 5500 1000 0012 3410 0000 1234")).toHaveLength(44);
    // Not identifiers: bare digits (found as they are), short numbers, words.
    expect(identifierDigits("12345678000190")).toBeNull();
    expect(identifierDigits("1-2")).toBeNull();
    expect(identifierDigits("Rua 25 de Março, 100")).toBeNull();

    const stored = searchText(["Mercado São José", "12.345.678/0001-90", "(11) 98765-4321", "01310-100"]);
    for (const typed of [
      "12.345.678/0001-90",
      "12345678000190",
      "12.345.678",
      "(11) 98765-4321",
      "11987654321",
      "98765-4321",
      "01310-100",
      "01310100",
      "sao jose",
    ]) {
      const contains = searchWhere(typed).search_text?.contains ?? "";
      expect(stored.includes(contains), typed).toBe(true);
    }
  });
});
