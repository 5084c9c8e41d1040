import { Prisma } from "../generated/prisma/client";

/** Columns that never leave the server. */
const internal = new Set(["organization_id", "search_text"]);

/**
 * A database row as API JSON: Decimal → number, Date → ISO string, internal columns
 * dropped. The procedure's output schema then keeps exactly the published fields.
 */
export function toApi<Row extends object>(row: Row): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (internal.has(key)) continue;
    if (value instanceof Date) result[key] = value.toISOString();
    else if (Prisma.Decimal.isDecimal(value)) result[key] = (value as Prisma.Decimal).toNumber();
    else result[key] = value;
  }
  return result;
}
