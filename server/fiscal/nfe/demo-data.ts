import { randomBytes } from "node:crypto";
import { ALL_ORDERS } from "../../auth/scope";
import type { Db } from "../../db/scoped";
import type { FileStorage } from "../../files/storage";
import { makeTestPfx } from "../certificates/pfx";
import { setCertificate } from "../certificates/service";
import { writeOrder } from "../../orders/orders/write-order";
import { issueNfe } from "./service";

/**
 * The demo's NF-e (contract §13), written after its taxes: each taxed company gets a test A1
 * certificate — self-signed, "ICP-Brasil TESTE - SEM VALOR FISCAL", its password thrown away
 * once read — and the demo's two taxed open orders issue theirs in homologation: the one with
 * ICMS-ST invoiced with it, the one with DIFAL signed and still open (to be discarded or
 * authorized from the panel). `npm start` shows an issued NF-e and prints its DANFE.
 */
export async function seedNfeDemo(db: Db, files: FileStorage): Promise<void> {
  const companies = await db.company.findMany({ where: { crt: { not: null } }, orderBy: { fiscal_registration_number: "asc" } });
  for (const company of companies) {
    const password = randomBytes(12).toString("base64url");
    const pfx = makeTestPfx({ cnpj: company.fiscal_registration_number, name: `${company.name.toUpperCase()} TESTE`, password });
    await setCertificate(db, company.id, { pfx: pfx.toString("base64"), password });
  }
  if (companies.length === 0) return;
  const invoiced = await db.status.findFirst({ where: { type: "ORDER", phase: "INVOICED" }, orderBy: { created_at: "asc" } });
  // The taxes step's two orders are the org's last ones: ICMS-ST within SP first, then DIFAL to PE.
  const orders = await db.order.findMany({
    where: { quotation: false, status: { phase: "OPEN" } },
    orderBy: { number: "desc" },
    take: 2,
    select: { id: true, tax_totals: true, holds: { select: { id: true } } },
  });
  const [difal, st] = orders.filter((order) => order.tax_totals !== null);
  // A customer with an overdue bill holds its orders (contract §11): the demo's manager lets these go first.
  for (const order of [st, difal]) {
    if (order && order.holds.length > 0) {
      await writeOrder(db, ALL_ORDERS, { kind: "approval", id: order.id, decision: "APPROVE", note: "Liberado para faturamento" });
    }
  }
  if (st) await issueNfe(db, files, ALL_ORDERS, st.id, { series: 1, ...(invoiced ? { status_id: invoiced.id } : {}) });
  if (difal) await issueNfe(db, files, ALL_ORDERS, difal.id, { series: 1 });
}
