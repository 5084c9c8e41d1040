import { describe, expect, it } from "vitest";
import { endOfDay, startOfDay } from "@/server/lib/calendar";

describe("business days", () => {
  it("start and end in São Paulo, and text that is no day is an Invalid Date, never a throw", () => {
    expect(startOfDay("2026-11-26").toISOString()).toBe("2026-11-26T03:00:00.000Z");
    expect(endOfDay("2026-11-26").toISOString()).toBe("2026-11-27T02:59:59.999Z");
    expect(Number.isNaN(startOfDay("31/02/2026").getTime())).toBe(true);
    expect(Number.isNaN(endOfDay("31/02/2026").getTime())).toBe(true);
  });
});
