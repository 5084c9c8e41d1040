import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import type { OrderReportWrite } from "./schemas";

/**
 * The org's custom order print report (contract §5): stored as sent once it is
 * well-formed XML (fast-xml-parser's validator) with exactly one root element,
 * `jasperReport`. No DOCTYPE at all (JasperReports reads JRXML against its XML schema;
 * a DTD is only a way in for external entities), and entities are never expanded.
 * Whatever the parser cannot read is a 422, never a 500. The parser loads on first use:
 * few requests need it, and loading it is a twentieth of the server's start-up.
 */
export async function jrxmlProblem(content: string): Promise<string | null> {
  if (/<!DOCTYPE/i.test(content)) return "must not declare a DOCTYPE (JRXML is read against its XML schema)";
  const { XMLParser, XMLValidator } = await import("fast-xml-parser");
  let nodes: Array<Record<string, unknown>>;
  try {
    const valid = XMLValidator.validate(content);
    if (valid !== true) return `is not well-formed XML (line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg})`;
    const parser = new XMLParser({
      preserveOrder: true,
      ignoreAttributes: true,
      processEntities: false,
      ignoreDeclaration: true,
      ignorePiTags: true,
    });
    nodes = parser.parse(content) as Array<Record<string, unknown>>;
  } catch (error) {
    // The parser refuses some names outright (`<__proto__>`): the document is not one it reads.
    return `is not valid JRXML (${error instanceof Error ? error.message.slice(0, 200) : "unreadable"})`;
  }
  const roots = nodes
    .flatMap((node) => Object.keys(node))
    .filter((name) => name !== "#text" && name !== "#comment" && !name.startsWith("?"));
  const strayText = nodes.some((node) => typeof node["#text"] === "string" && node["#text"].trim() !== "");
  if (strayText || roots.length !== 1) return "must have exactly one root element";
  if (roots[0] !== "jasperReport") return `must have the root element jasperReport (found ${roots[0]})`;
  return null;
}

export async function putOrderReport(db: Db, input: OrderReportWrite): Promise<void> {
  const problem = await jrxmlProblem(input.content);
  if (problem) throw AppError.invalid("content", problem, "invalid_jrxml");
  const before = await db.orderReport.findUnique({
    where: { organization_id: db.$organizationId },
    select: { name: true },
  });
  await db.orderReport.upsert({
    where: { organization_id: db.$organizationId },
    create: {
      organization_id: db.$organizationId,
      name: input.name ?? null,
      content: input.content,
    },
    update: { name: input.name ?? null, content: input.content },
  });
  await recordAudit(db, {
    action: before ? "update" : "create",
    entity: "order_report",
    entityId: db.$organizationId,
    label: input.name ?? "JRXML",
    ...(before ? { before: { name: before.name, content: "(previous)" } } : {}),
    after: {
      name: input.name ?? null,
      content: `${input.content.length} characters`,
    },
  });
}

/**
 * DELETE /orders/report/jrxml: idempotent, 204 whether or not the org had one (the
 * interface answers 204, 422 or 500 here: "nothing to remove" is not an error).
 */
export async function removeOrderReport(db: Db): Promise<void> {
  const current = await db.orderReport.findUnique({
    where: { organization_id: db.$organizationId },
    select: { name: true },
  });
  if (!current) return;
  await db.orderReport.delete({
    where: { organization_id: db.$organizationId },
  });
  await recordAudit(db, {
    action: "delete",
    entity: "order_report",
    entityId: db.$organizationId,
    label: current.name ?? "JRXML",
    before: { name: current.name },
  });
}
