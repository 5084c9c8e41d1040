import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { statementQuery } from "@/server/db/sql";
import { Prisma } from "@/server/generated/prisma/client";

/** A driver that answers what it was asked (text and values), to look at the statement sent. */
const echo = {
  statement: async <Row>(text: string, values: unknown[]) => [{ text, values }] as unknown as Row[],
};

describe("the org binder of raw SQL", () => {
  it("refuses a statement that does not use its organization placeholder, even when the org's id is bound some other way", async () => {
    const organizationId = randomUUID();
    // Refused before anything is sent (as the statement is built).
    expect(() =>
      statementQuery(
        echo,
        organizationId,
        "brands",
        () => Prisma.sql`SELECT id FROM brands WHERE organization_id = ${organizationId}::uuid`,
      ),
    ).toThrow("organization placeholder");
    expect(() => statementQuery(echo, organizationId, "brands", () => Prisma.sql`SELECT id FROM brands`)).toThrow(
      "organization placeholder",
    );
  });

  it("binds the org's id wherever the placeholder is used, and nothing else changes", async () => {
    const organizationId = randomUUID();
    const [sent] = await statementQuery<{ text: string; values: unknown[] }>(
      echo,
      organizationId,
      "brands",
      (organization) =>
        Prisma.sql`SELECT b.id FROM brands b JOIN products p ON p.organization_id = ${organization} AND p.brand_id = b.id
                   WHERE b.organization_id = ${organization} AND b.name = ${"Marca"}`,
    );
    expect(sent!.values).toEqual([organizationId, organizationId, "Marca"]);
    expect(sent!.text).toContain("$1::uuid");
  });
});
