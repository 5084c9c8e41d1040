import { describe, expect, it } from "vitest";
import { BRAZILIAN_STATES, maskPhone, maskPostalCode } from "@/lib/masks";

describe("Brazilian masks", () => {
  it("mask phones and CEPs as they are typed, leaving other text alone", () => {
    expect(maskPhone("11987654321")).toBe("(11) 98765-4321");
    expect(maskPhone("1134567890")).toBe("(11) 3456-7890");
    expect(maskPhone("(11) 9876")).toBe("(11) 9876");
    expect(maskPhone("1")).toBe("(1");
    expect(maskPhone("")).toBe("");
    expect(maskPhone("119876543210000")).toBe("(11) 98765-4321");
    expect(maskPhone("+1 415 555 0100")).toBe("+1 415 555 0100");
    expect(maskPhone("ramal 12")).toBe("ramal 12");
    expect(maskPostalCode("01310100")).toBe("01310-100");
    expect(maskPostalCode("0131")).toBe("0131");
    expect(maskPostalCode("01310-1000")).toBe("01310-100");
    expect(BRAZILIAN_STATES).toHaveLength(27);
  });
});
