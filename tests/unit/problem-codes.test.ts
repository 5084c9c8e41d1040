import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import ptBR from "@/messages/pt-BR.json";
import { PROBLEM_CODES } from "@/server/errors";

describe("problem codes", () => {
  it("every code the server answers is worded in both languages, and the panel has no word for a code it never gets", () => {
    for (const [language, messages] of [
      ["pt-BR", ptBR],
      ["en", en],
    ] as const) {
      const worded = Object.keys(messages.problem.codes);
      expect(
        PROBLEM_CODES.filter((code) => !worded.includes(code)),
        language,
      ).toEqual([]);
      // not_found_reference is a field error's code (errors[].code), worded here too.
      expect(
        worded.filter((code) => !(PROBLEM_CODES as readonly string[]).includes(code) && code !== "not_found_reference"),
        language,
      ).toEqual([]);
    }
  });
});
