import { describe, expect, it } from "vitest";
import {
  completeCnpj,
  completeCpf,
  digitsOnly,
  fiscalKind,
  fiscalNumberField,
  formatFiscalNumber,
  isValidCnpj,
  isValidCpf,
  isValidFiscalNumber,
  maskFiscalInput,
  optionalFiscalNumberField,
} from "@/server/lib/fiscal-number";

describe("CPF", () => {
  it("accepts real CPFs, masked or as digits", () => {
    for (const cpf of ["529.982.247-25", "52998224725", "123.456.789-09", "111.444.777-35", " 935.411.347-80 "]) {
      expect(isValidCpf(cpf), cpf).toBe(true);
    }
  });

  it("rejects wrong check digits, wrong lengths and repeated digits", () => {
    for (const cpf of ["529.982.247-24", "123.456.789-00", "111.444.777-53", "1234567890", "123456789091", "", "abc"]) {
      expect(isValidCpf(cpf), cpf).toBe(false);
    }
    for (let digit = 0; digit <= 9; digit++) expect(isValidCpf(String(digit).repeat(11))).toBe(false);
  });
});

describe("CNPJ", () => {
  it("accepts real CNPJs, masked or as digits", () => {
    for (const cnpj of ["11.222.333/0001-81", "33.000.167/0001-01", "00.000.000/0001-91", "12.345.678/0001-95", "33000167000101"]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
    }
  });

  it("rejects wrong check digits, wrong lengths and repeated digits", () => {
    for (const cnpj of ["11.222.333/0001-80", "33.000.167/0001-10", "12.345.678/0001-59", "1122233300018", "112223330001811"]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(false);
    }
    for (let digit = 0; digit <= 9; digit++) expect(isValidCnpj(String(digit).repeat(14))).toBe(false);
  });
});

describe("helpers", () => {
  it("tells CPF from CNPJ and restricts kinds", () => {
    expect(fiscalKind("529.982.247-25")).toBe("CPF");
    expect(fiscalKind("11.222.333/0001-81")).toBe("CNPJ");
    expect(fiscalKind("11.222.333/0001-80")).toBeNull();
    expect(isValidFiscalNumber("529.982.247-25", ["CNPJ"])).toBe(false);
    expect(isValidFiscalNumber("11222333000181", ["CNPJ"])).toBe(true);
  });

  it("normalizes to digits and formats for display", () => {
    expect(digitsOnly("12.345.678/0001-95")).toBe("12345678000195");
    expect(formatFiscalNumber("12345678000195")).toBe("12.345.678/0001-95");
    expect(formatFiscalNumber("12345678909")).toBe("123.456.789-09");
    expect(formatFiscalNumber("123")).toBe("123");
    expect(formatFiscalNumber(null)).toBe("");
  });

  it("masks while typing: CPF up to 11 digits, CNPJ from the 12th", () => {
    expect(maskFiscalInput("1234")).toBe("123.4");
    expect(maskFiscalInput("12345678909")).toBe("123.456.789-09");
    expect(maskFiscalInput("123456789091")).toBe("12.345.678/9091");
    expect(maskFiscalInput("12345678000195999")).toBe("12.345.678/0001-95");
    expect(maskFiscalInput("1234", ["CNPJ"])).toBe("12.34");
    expect(maskFiscalInput("abc")).toBe("");
  });

  it("completes check digits for generated numbers", () => {
    expect(completeCpf("529982247")).toBe("52998224725");
    expect(completeCnpj("112223330001")).toBe("11222333000181");
    expect(isValidCnpj(completeCnpj("987654320001"))).toBe(true);
    expect(() => completeCpf("12")).toThrow();
  });
});

describe("zod fields", () => {
  it("answers digits only and names the kind in the message", () => {
    const cnpj = fiscalNumberField(["CNPJ"]);
    expect(cnpj.parse("11.222.333/0001-81")).toBe("11222333000181");
    expect(cnpj.safeParse("529.982.247-25").error?.issues[0]?.message).toBe("must be a valid CNPJ");
    expect(cnpj.safeParse("").error?.issues[0]?.message).toBe("is required");
    expect(cnpj.safeParse(undefined).error?.issues[0]?.message).toBe("is required");
    const any = fiscalNumberField();
    expect(any.parse("529.982.247-25")).toBe("52998224725");
    expect(any.safeParse("11.222.333/0001-80").error?.issues[0]?.message).toBe("must be a valid CPF or CNPJ");
    expect(any.safeParse("CNPJ 11222333000181").success).toBe(false);
  });

  it("treats an empty optional field as null", () => {
    const field = optionalFiscalNumberField();
    expect(field.parse("")).toBeNull();
    expect(field.parse(null)).toBeNull();
    expect(field.parse(undefined)).toBeNull();
    expect(field.parse("123.456.789-09")).toBe("12345678909");
    expect(field.safeParse("123.456.789-00").success).toBe(false);
  });
});
