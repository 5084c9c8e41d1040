import { Prisma } from "../../generated/prisma/client";
import type { Nfe, NfeEvent } from "../../generated/prisma/client";
import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { recordAudit, type Snapshot } from "../../audit/service";
import type { OrderScope } from "../../auth/scope";
import { env } from "../../env";
import { AppError } from "../../errors";
import type { FileStorage } from "../../files/storage";
import { readStoredText, storeGeneratedFile } from "../../files/resource-files/service";
import { isUuid } from "../../lib/ids";
import { money } from "../../lib/money";
import { formatNfeKey } from "../../lib/nfe-key";
import { detailOf } from "../../orders/orders/shape";
import { invoiceInput, type OrderDetail } from "../../orders/orders/schemas";
import { getOrder } from "../../orders/orders/service";
import { lockOrder, writeOrder } from "../../orders/orders/write-order";
import { signingKeyOf } from "../certificates/service";
import { NFE_NAMESPACE, nfeValue, nfeXml, type NfeDocument } from "./document";
import { EVENT_CODES, eventXml, type EventType } from "./events";
import { issuerOf, nfeOfOrder, saoPauloDateTime } from "./from-order";
import type { NfeIssue, NfeJson } from "./schemas";
import { signXml } from "./sign";
import { readFileSync } from "node:fs";
import { authorizeNfe as requestAuthorization, registerEvent, type EventResult, type SefazTarget } from "../sefaz/client";
import { AUTHORIZER_OF, AUTHORIZERS } from "../sefaz/urls";
import { validateAgainstSchema, type SchemaError, type SchemaKind } from "./validate";

/**
 * An order's NF-e (contract §13): issued from the order under its lock, numbered from the
 * company's series under that row's lock, signed with the company's A1, validated against
 * the vendored schemas, kept as a resource file and made the order's invoice by the one
 * order writer — all in one transaction, so a document that fails gives its number back
 * and two issuers never share one. Then its life: authorized (the protocol, from the SEFAZ
 * or the ERP that transmitted it), canceled or corrected by signed events, or, never
 * authorized, discarded with its number listed for inutilização.
 */

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const ACTIVE = ["SIGNED", "AUTHORIZED"] as const;

type NfeRow = Nfe & { events: NfeEvent[] };

const TRANSMISSION = { off: "OFF", homologation: "HOMOLOGATION", production: "PRODUCTION" } as const;

export function nfeJsonOf(row: NfeRow): NfeJson {
  return {
    id: row.id,
    order_id: row.order_id,
    company_id: row.company_id,
    status: row.status,
    series: row.series,
    number: row.number,
    key: row.key,
    environment: row.environment === 1 ? "PRODUCTION" : "HOMOLOGATION",
    value: Number(row.value),
    issued_at: row.issued_at.toISOString(),
    protocol: row.protocol,
    status_code: row.status_code,
    status_reason: row.status_reason,
    authorized_at: row.authorized_at?.toISOString() ?? null,
    canceled_at: row.canceled_at?.toISOString() ?? null,
    discarded_at: row.discarded_at?.toISOString() ?? null,
    xml_resource_id: row.xml_resource_id,
    proc_resource_id: row.proc_resource_id,
    transmission: TRANSMISSION[env().SEFAZ_ENVIRONMENT],
    events: [...row.events]
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
      .map((event) => ({
        type: event.type === EVENT_CODES.CANCELLATION ? "CANCELLATION" : "CORRECTION",
        code: event.type,
        sequence: event.sequence,
        text: event.text,
        protocol: event.protocol,
        xml_resource_id: event.xml_resource_id,
        created_at: event.created_at.toISOString(),
      })),
  };
}

/** The order (in scope: a SELLER's own) and its latest NF-e; 404 for either missing. */
async function currentNfe(db: Db, scope: OrderScope, orderId: string, lock: boolean): Promise<{ order: OrderDetail; nfe: NfeRow }> {
  const order = lock ? detailOf(await lockOrder(db, scope, orderId)) : await getOrder(db, scope, orderId);
  const nfe = await db.nfe.findFirst({ where: { order_id: order.id }, orderBy: { created_at: "desc" }, include: { events: true } });
  if (!nfe) throw AppError.notFound("NF-e");
  return { order, nfe };
}

export async function getNfe(db: Db, scope: OrderScope, orderId: string): Promise<NfeJson> {
  return nfeJsonOf((await currentNfe(db, scope, orderId, false)).nfe);
}

/** The stored document (what the DANFE prints) and the file of its XML. */
export async function nfeDocumentOf(db: Db, scope: OrderScope, orderId: string) {
  const { nfe } = await currentNfe(db, scope, orderId, false);
  return { nfe: nfeJsonOf(nfe), document: nfe.document as unknown as NfeDocument };
}

function environment(): 1 | 2 {
  return env().SEFAZ_ENVIRONMENT === "production" ? 1 : 2;
}

function schemaRefusal(errors: SchemaError[], what: string): AppError {
  return new AppError("validation_failed", `The ${what} does not pass the schema (${errors[0]!.message})`, {
    errors: errors.slice(0, 20).map((error) => ({ path: `nfe.${error.element ?? "document"}`, message: error.message, code: "schema" })),
  });
}

/** The next number of the company's series, under its row's lock until the transaction ends (a rollback gives it back). */
async function takeNumber(db: Db, companyId: string, series: number): Promise<number> {
  const [row] = await scopedQuery<{ number: number }>(
    db,
    (organization) => Prisma.sql`
      INSERT INTO nfe_series (organization_id, company_id, series, next_number)
      VALUES (${organization}, ${companyId}::uuid, ${series}, 2)
      ON CONFLICT (organization_id, company_id, series) DO UPDATE SET next_number = nfe_series.next_number + 1
      RETURNING next_number - 1 AS number`,
  );
  return Number(row!.number);
}

async function signedAndValid(xml: string, kind: SchemaKind, what: string): Promise<string> {
  const errors = await validateAgainstSchema(xml, kind);
  if (errors.length > 0) throw schemaRefusal(errors, what);
  return xml;
}

/** POST /orders/{id}/nfe. */
export async function issueNfe(db: Db, files: FileStorage, scope: OrderScope, orderId: string, input: NfeIssue): Promise<NfeJson> {
  const order = detailOf(await lockOrder(db, scope, orderId));
  if (order.quotation) throw new AppError("not_invoiceable", "A quotation issues no NF-e: make it an order first");
  const phase = order.status_detail.phase;
  if (phase !== "OPEN" && phase !== "CONFIRMED") {
    throw new AppError("not_invoiceable", `An order in phase ${phase} issues no NF-e (only OPEN or CONFIRMED ones do)`, {
      params: { phase },
    });
  }
  if (order.holds.length > 0) {
    const reasons = order.holds.map((hold) => hold.reason);
    throw new AppError(
      "order_on_hold",
      `The order is on hold (${reasons.join(", ")}): a MANAGER or ADMIN must approve it before it is invoiced`,
      {
        params: { reasons },
      },
    );
  }
  const active = await db.nfe.findFirst({
    where: { order_id: order.id, status: { in: [...ACTIVE] } },
    select: { key: true, status: true },
  });
  if (active) {
    throw new AppError("nfe_exists", `The order already has an NF-e (${active.status}): cancel or discard it first`, {
      params: { key: active.key, status: active.status },
    });
  }
  const company = await issuerOf(db, order);
  const key = await signingKeyOf(db, company.id);
  const number = await takeNumber(db, company.id, input.series);
  const issuedAt = new Date();
  const document = await nfeOfOrder(
    db,
    { order, series: input.series, number, issuedAt, environment: environment(), ibsCbs: order.items.some((item) => item.taxes?.ibs) },
    company,
  );
  const value = nfeValue(document);
  if (!money(value).equals(money(order.invoice_value))) {
    throw new Error(`the NF-e of order ${order.id} adds up to ${value}, its invoice value is ${order.invoice_value}`);
  }
  const xml = await signedAndValid(DECLARATION + signXml(nfeXml(document), "infNFe", key), "nfe", "NF-e");
  const file = await storeGeneratedFile(db, files, {
    fileName: `NFe${document.key}.xml`,
    contentType: "application/xml",
    bytes: Buffer.from(xml),
  });
  const row = await db.nfe.create({
    data: {
      organization_id: db.$organizationId,
      order_id: order.id,
      company_id: company.id,
      series: input.series,
      number,
      key: document.key,
      environment: document.environment,
      value,
      issued_at: issuedAt,
      xml_resource_id: file.id,
      document: document as unknown as Prisma.InputJsonObject,
    },
    include: { events: true },
  });
  const invoice = invoiceInput.parse({
    invoice_key: document.key,
    invoice_number: String(number),
    invoice_date: document.issued_at,
    invoice_series: String(input.series),
    invoice_cfop: document.items[0]?.taxes.cfop ?? null,
    invoice_value: Number(value),
    xml_resource_id: file.id,
  });
  await writeOrder(db, scope, { kind: "status", id: order.id, status: input.status_id ?? order.status, invoices: [invoice] });
  const answer = nfeJsonOf(row);
  await auditNfe(db, "issue_nfe", order.id, row, {
    after: { key: formatNfeKey(document.key), number, series: input.series, value: answer.value, status: answer.status },
  });
  return answer;
}

/** An audit entry of the order about its NF-e ("NF-e 12 série 1"): what it did and what changed. */
function auditNfe(
  db: Db,
  action: string,
  orderId: string,
  nfe: Pick<Nfe, "number" | "series">,
  change: { before?: Snapshot; after?: Snapshot },
) {
  return recordAudit(db, { action, entity: "order", entityId: orderId, label: `NF-e ${nfe.number} série ${nfe.series}`, ...change });
}

function stateError(nfe: NfeRow, action: string, allowed: readonly string[]): AppError {
  return new AppError("nfe_state", `An NF-e ${nfe.status} cannot be ${action} (only ${allowed.join(" or ")})`, {
    params: { status: nfe.status, allowed },
  });
}

/** POST /orders/{id}/nfe/authorization: the protocol of the SEFAZ's authorization, from the ERP that transmitted it. */
export async function authorizeNfe(db: Db, scope: OrderScope, orderId: string, input: { protocol: string; authorized_at?: string }) {
  const { order, nfe } = await currentNfe(db, scope, orderId, true);
  if (nfe.status !== "SIGNED") throw stateError(nfe, "authorized", ["SIGNED"]);
  const updated = await db.nfe.update({
    where: { id: nfe.id },
    data: {
      status: "AUTHORIZED",
      protocol: input.protocol,
      status_code: "100",
      status_reason: "Autorizado o uso da NF-e",
      authorized_at: input.authorized_at ? new Date(input.authorized_at) : new Date(),
    },
    include: { events: true },
  });
  await auditNfe(db, "authorize_nfe", order.id, nfe, {
    before: { status: nfe.status },
    after: { status: updated.status, protocol: updated.protocol },
  });
  return nfeJsonOf(updated);
}

/** A signed, schema-valid event of the NF-e, kept with it. */
async function signEvent(db: Db, files: FileStorage, nfe: NfeRow, type: EventType, text: string): Promise<NfeEvent> {
  const code = EVENT_CODES[type];
  const sequence = nfe.events.filter((event) => event.type === code).length + 1;
  if (type === "CORRECTION" && sequence > 20) {
    throw new AppError("nfe_state", "An NF-e takes at most 20 correction letters", { params: { status: nfe.status, allowed: [] } });
  }
  const document = nfe.document as unknown as NfeDocument;
  const key = await signingKeyOf(db, nfe.company_id);
  const unsigned = eventXml({
    type,
    key: nfe.key,
    cnpj: document.issuer.cnpj,
    environment: nfe.environment === 1 ? 1 : 2,
    at: saoPauloDateTime(new Date()),
    sequence,
    text,
    protocol: nfe.protocol,
  });
  const xml = await signedAndValid(
    DECLARATION + signXml(unsigned, "infEvento", key),
    type === "CANCELLATION" ? "cancel" : "correction",
    "event",
  );
  const file = await storeGeneratedFile(db, files, {
    fileName: `${code}-${nfe.key}-${String(sequence).padStart(2, "0")}.xml`,
    contentType: "application/xml",
    bytes: Buffer.from(xml),
  });
  return db.nfeEvent.create({
    data: { organization_id: db.$organizationId, nfe_id: nfe.id, type: code, sequence, text, xml_resource_id: file.id },
  });
}

/** POST /orders/{id}/nfe/cancel: the signed cancellation of an AUTHORIZED NF-e; the order is canceled by its own move. */
export async function cancelNfe(
  db: Db,
  files: FileStorage,
  scope: OrderScope,
  orderId: string,
  reason: string,
  transmits = transmissionOn(),
): Promise<NfeJson> {
  const { order, nfe } = await currentNfe(db, scope, orderId, true);
  if (nfe.status !== "AUTHORIZED") throw stateError(nfe, "canceled", ["AUTHORIZED"]);
  if (nfe.events.some((event) => event.type === EVENT_CODES.CANCELLATION)) {
    throw new AppError("nfe_state", "The NF-e's cancellation is already signed: transmit it (POST /orders/{id}/nfe/transmit)", {
      params: { status: nfe.status, allowed: [] },
    });
  }
  await signEvent(db, files, nfe, "CANCELLATION", reason);
  // Transmitting to the SEFAZ, the NF-e is canceled when its cancellation is registered (transmitNfe); else at once, for the ERP.
  const updated = await db.nfe.update({
    where: { id: nfe.id },
    data: transmits ? {} : { status: "CANCELED", canceled_at: new Date() },
    include: { events: true },
  });
  await auditNfe(db, "cancel_nfe", order.id, nfe, {
    before: { status: nfe.status },
    after: { status: updated.status, reason },
  });
  return nfeJsonOf(updated);
}

/** POST /orders/{id}/nfe/correction: a signed correction letter (CC-e) of an AUTHORIZED NF-e. */
export async function correctNfe(db: Db, files: FileStorage, scope: OrderScope, orderId: string, text: string): Promise<NfeJson> {
  const { order, nfe } = await currentNfe(db, scope, orderId, true);
  if (nfe.status !== "AUTHORIZED") throw stateError(nfe, "corrected", ["AUTHORIZED"]);
  const event = await signEvent(db, files, nfe, "CORRECTION", text);
  await auditNfe(db, "correct_nfe", order.id, nfe, {
    after: { sequence: event.sequence, text },
  });
  const updated = await db.nfe.findUniqueOrThrow({ where: { id: nfe.id }, include: { events: true } });
  return nfeJsonOf(updated);
}

/**
 * POST /orders/{id}/nfe/discard: an NF-e SIGNED and never authorized is dropped (DISCARDED) and
 * its number listed for inutilização; while the order is OPEN or CONFIRMED its invoice goes
 * with it, so it may issue another. From INVOICED on the NF-e is the order's: 409.
 */
export async function discardNfe(db: Db, scope: OrderScope, orderId: string): Promise<NfeJson> {
  const { order, nfe } = await currentNfe(db, scope, orderId, true);
  if (nfe.status !== "SIGNED" && nfe.status !== "REJECTED") throw stateError(nfe, "discarded", ["SIGNED", "REJECTED"]);
  const phase = order.status_detail.phase;
  if (phase !== "OPEN" && phase !== "CONFIRMED" && phase !== "CANCELED") {
    throw new AppError("not_invoiceable", `The order is ${phase}: its NF-e is its invoice (cancel the order first)`, { params: { phase } });
  }
  const updated = await db.nfe.update({
    where: { id: nfe.id },
    data: { status: "DISCARDED", discarded_at: new Date() },
    include: { events: true },
  });
  if (phase !== "CANCELED") await writeOrder(db, scope, { kind: "status", id: order.id, status: order.status, withdrawn: nfe.key });
  await auditNfe(db, "discard_nfe", order.id, nfe, {
    before: { status: nfe.status },
    after: { status: updated.status, number_to_void: nfe.number },
  });
  return nfeJsonOf(updated);
}

/** GET /companies/{id}/nfe-series: each series' next number and the numbers to void (discarded or rejected NF-e). */
export async function listNfeSeries(db: Db, companyId: string) {
  const company = isUuid(companyId) ? await db.company.findUnique({ where: { id: companyId }, select: { id: true } }) : null;
  if (!company) throw AppError.notFound("Company");
  const [series, unused] = await Promise.all([
    db.nfeSeries.findMany({ where: { company_id: companyId }, orderBy: { series: "asc" } }),
    db.nfe.findMany({
      where: { company_id: companyId, status: { in: ["DISCARDED", "REJECTED"] } },
      select: { series: true, number: true },
      orderBy: { number: "asc" },
    }),
  ]);
  return series.map((row) => ({
    series: row.series,
    next_number: row.next_number,
    unused_numbers: unused.filter((nfe) => nfe.series === row.series).map((nfe) => nfe.number),
  }));
}

/** Whether NF-e go to a SEFAZ (SEFAZ_ENVIRONMENT not `off`). */
export function transmissionOn(): boolean {
  return env().SEFAZ_ENVIRONMENT !== "off";
}

/** The SEFAZ that authorizes a UF's NF-e, in the environment SEFAZ_ENVIRONMENT names; null when transmission is off. */
export function sefazTargetOf(uf: string): SefazTarget | null {
  const config = env();
  if (config.SEFAZ_ENVIRONMENT === "off") return null;
  const services = AUTHORIZERS[AUTHORIZER_OF[uf] ?? ""]?.[config.SEFAZ_ENVIRONMENT];
  if (!services) throw new AppError("validation_failed", `No SEFAZ authorizes NF-e of ${uf}`);
  return {
    services,
    environment: config.SEFAZ_ENVIRONMENT === "production" ? 1 : 2,
    ...(config.SEFAZ_CA_FILE ? { ca: readFileSync(config.SEFAZ_CA_FILE, "utf8") } : {}),
  };
}

const withoutDeclaration = (xml: string) => xml.replace(/^<\?xml[^>]*\?>/, "");
/** A batch id (idLote): up to 15 digits. */
const lotId = () => String(Date.now()).slice(-15);

/**
 * POST /orders/{id}/nfe/transmit: sends the order's SIGNED NF-e for authorization, or the
 * signed events of an AUTHORIZED one not yet registered, to the SEFAZ — outside any
 * transaction (a SEFAZ may take seconds) — then records what it answered under the order's
 * lock: AUTHORIZED with its protocol, REJECTED with the code and reason, an event's protocol
 * (a registered cancellation cancels the NF-e). 409 `sefaz_off` when transmission is off.
 */
export async function transmitNfe(
  read: Db,
  write: <T>(work: (tx: Db) => Promise<T>) => Promise<T>,
  files: FileStorage,
  scope: OrderScope,
  orderId: string,
  targetOf: (uf: string) => SefazTarget | null = sefazTargetOf,
): Promise<NfeJson> {
  const { nfe } = await currentNfe(read, scope, orderId, false);
  const document = nfe.document as unknown as NfeDocument;
  const target = targetOf(document.issuer.address.uf);
  if (!target) {
    throw new AppError(
      "sefaz_off",
      "Transmission to the SEFAZ is off (SEFAZ_ENVIRONMENT=off): the ERP transmits the signed NF-e and records its protocol",
    );
  }
  const credentials = await signingKeyOf(read, nfe.company_id);
  if (nfe.status === "SIGNED") {
    const xml = withoutDeclaration(await readStoredText(read, files, nfe.xml_resource_id));
    const result = await requestAuthorization(xml, lotId(), target, credentials).catch(unreachable);
    return write(async (tx) => {
      const { order, nfe: locked } = await currentNfe(tx, scope, orderId, true);
      if (locked.id !== nfe.id || locked.status !== "SIGNED") return nfeJsonOf(locked);
      // Authorized: the nfeProc (the NF-e and the SEFAZ's protNFe), what the buyer's systems take.
      const proc =
        result.status === "AUTHORIZED" && result.protNFe
          ? await storeGeneratedFile(tx, files, {
              fileName: `${nfe.key}-procNFe.xml`,
              contentType: "application/xml",
              bytes: Buffer.from(`${DECLARATION}<nfeProc xmlns="${NFE_NAMESPACE}" versao="4.00">${xml}${result.protNFe}</nfeProc>`),
            })
          : null;
      const data =
        result.status === "AUTHORIZED"
          ? {
              status: "AUTHORIZED" as const,
              proc_resource_id: proc?.id ?? null,
              protocol: result.protocol,
              status_code: result.code,
              status_reason: result.reason,
              authorized_at: result.receivedAt ? new Date(result.receivedAt) : new Date(),
            }
          : result.status === "REJECTED"
            ? { status: "REJECTED" as const, status_code: result.code, status_reason: result.reason }
            : { status_code: result.code, status_reason: result.reason };
      const updated = await tx.nfe.update({ where: { id: nfe.id }, data, include: { events: true } });
      await auditNfe(tx, "transmit_nfe", order.id, nfe, {
        before: { status: nfe.status },
        after: { status: updated.status, status_code: result.code, status_reason: result.reason, protocol: updated.protocol },
      });
      return nfeJsonOf(updated);
    });
  }
  const pending = [...nfe.events].filter((event) => !event.protocol).sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
  if (pending.length === 0 || (nfe.status !== "AUTHORIZED" && nfe.status !== "CANCELED")) {
    throw new AppError("nfe_state", `An NF-e ${nfe.status} has nothing to transmit`, {
      params: { status: nfe.status, allowed: ["SIGNED", "AUTHORIZED"] },
    });
  }
  const results: Array<{ id: string; type: string; result: EventResult }> = [];
  for (const event of pending) {
    const xml = withoutDeclaration(await readStoredText(read, files, event.xml_resource_id));
    results.push({ id: event.id, type: event.type, result: await registerEvent(xml, lotId(), target, credentials).catch(unreachable) });
  }
  return write(async (tx) => {
    const { order, nfe: locked } = await currentNfe(tx, scope, orderId, true);
    for (const { id, result } of results) {
      if (result.status === "REGISTERED")
        await tx.nfeEvent.updateMany({ where: { id, protocol: null }, data: { protocol: result.protocol } });
    }
    const canceled = results.some(({ type, result }) => type === EVENT_CODES.CANCELLATION && result.status === "REGISTERED");
    if (canceled && locked.status === "AUTHORIZED") {
      await tx.nfe.update({ where: { id: nfe.id }, data: { status: "CANCELED", canceled_at: new Date() } });
    }
    const refused = results.find(({ result }) => result.status === "REJECTED")?.result;
    if (refused) await tx.nfe.update({ where: { id: nfe.id }, data: { status_code: refused.code, status_reason: refused.reason } });
    await auditNfe(tx, "transmit_nfe_events", order.id, nfe, {
      after: { events: results.map(({ type, result }) => ({ type, status: result.status, code: result.code, reason: result.reason })) },
    });
    return nfeJsonOf(await tx.nfe.findUniqueOrThrow({ where: { id: nfe.id }, include: { events: true } }));
  });
}

/** A SEFAZ that cannot be reached or answers nonsense: 503, nothing recorded (the NF-e stays as it was; retry). */
function unreachable(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  throw new AppError("sefaz_unavailable", `The SEFAZ could not be reached: ${message}`, { retryAfter: 30 });
}
