import type { Principal } from "../auth/principal";
import type { Db } from "../db/scoped";
import { writeContext } from "../db/transaction";
import { AppError } from "../errors";
import { Prisma, type AuditEvent as AuditEventRow } from "../generated/prisma/client";
import { scopedExecute } from "../db/sql";
import { isUuid } from "../lib/ids";
import { keysetPaginate, type KeysetPage } from "../lib/keyset";
import { financialScopeWhere, orderScope, scopeWhere } from "../auth/scope";
import type { AuditEvent, AuditListInput } from "./schemas";
import { namesFor, referenceNames } from "./names";

/** Fields that change on every write or are not the record's own: never "changes". */
const VOLATILE = new Set(["created_at", "updated_at", "search_text", "organization_id"]);
/**
 * Records whose history only admins read, as only admins read the records themselves
 * (users, access keys, webhook endpoints: GET /webhooks/{id} is 403 below ADMIN).
 */
const ADMIN_ONLY = new Set(["user", "access_key", "webhook"]);

/** Fields whose values are secrets, whatever the record: never kept in the log. */
const SECRET_FIELD = /secret|password|token|api_?key|authorization|credential/i;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>]+/gi;
export const MASK = "***";

/**
 * A text with the credentials of every URL in it masked: the user and password, and the
 * value of each query parameter (`?token=…` is how many receivers authenticate a webhook).
 */
export function maskUrlCredentials(text: string): string {
  return text.replace(URL_IN_TEXT, (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return raw;
    }
    if (!url.username && !url.password && !url.search) return raw;
    if (url.username) url.username = MASK;
    if (url.password) url.password = MASK;
    for (const key of new Set(url.searchParams.keys())) url.searchParams.set(key, MASK);
    return url.toString();
  });
}

/** A snapshot as the log keeps it: secret fields masked, credentials in URLs masked, at any depth. */
export function maskSecrets(value: unknown, key = ""): unknown {
  if (typeof value === "string") return SECRET_FIELD.test(key) ? MASK : maskUrlCredentials(value);
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, key));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, maskSecrets(item, name)]));
  }
  return value;
}

export type Snapshot = Record<string, unknown>;

function visible(record: Snapshot): Snapshot {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !VOLATILE.has(key)));
}

/** `{field: {from, to}}` for every field whose value differs (compared as JSON). */
export function diffRecords(before: Snapshot, after: Snapshot): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (VOLATILE.has(key)) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

export interface AuditedWrite {
  action: string;
  entity: string;
  entityId: string;
  label?: string | null;
  /** The record before (updates, deletes) and after (creates, updates), as the API answers it. */
  before?: Snapshot;
  after?: Snapshot;
}

/**
 * Records a write in the audit log, in the same transaction as the write (so a write and
 * its entry commit together), for whoever the transaction writes for. An update that
 * changed nothing records nothing.
 */
export async function recordAudit(db: Db, write: AuditedWrite): Promise<void> {
  await recordAudits(db, [write]);
}

/** `recordAudit` for several writes of one transaction, in one statement (a sale and its receivables). */
export async function recordAudits(db: Db, writes: readonly AuditedWrite[]): Promise<void> {
  const { actor, requestId } = writeContext(db);
  const rows = writes.flatMap((write) => {
    const changes = write.before && write.after ? diffRecords(write.before, write.after) : visible(write.after ?? write.before ?? {});
    if (write.action === "update" && Object.keys(changes).length === 0) return [];
    return [
      {
        organization_id: db.$organizationId,
        actor_kind: actor?.kind ?? "system",
        actor_id: actor?.id ?? null,
        action: write.action,
        entity: write.entity,
        entity_id: write.entityId,
        entity_label: write.label ? maskUrlCredentials(write.label) : null,
        changes: maskSecrets(JSON.parse(JSON.stringify(changes))) as object,
        request_id: requestId ?? null,
      },
    ];
  });
  if (rows.length === 0) return;
  if (rows.length <= 20) {
    await db.auditEvent.createMany({ data: rows });
    return;
  }
  // Many at once (an import): one statement, the rows as one JSON parameter, written in their order (`seq`).
  await scopedExecute(
    db,
    (organization) => Prisma.sql`
    INSERT INTO audit_events (id, organization_id, actor_kind, actor_id, action, entity, entity_id, entity_label, changes, request_id)
    SELECT gen_random_uuid(), ${organization}, v.actor_kind, v.actor_id, v.action, v.entity, v.entity_id, v.entity_label, v.changes, v.request_id
      FROM jsonb_array_elements(${JSON.stringify(rows)}::jsonb) WITH ORDINALITY AS e(value, position),
           jsonb_to_record(e.value) AS v(actor_kind text, actor_id uuid, action text, entity text, entity_id uuid, entity_label text,
           changes jsonb, request_id text)
     ORDER BY e.position`,
  );
}

/** A readable name of a record for the log: its name, title, abbreviation or key. */
export function labelOf(record: Snapshot | undefined): string | null {
  for (const field of ["name", "title", "abbreviation", "key", "email"]) {
    const value = record?.[field];
    if (typeof value === "string" && value !== "") return value;
  }
  return null;
}

/**
 * The audit log, newest first. A record's own history is open to whoever reads the
 * record (detail pages show it): every role for the catalog and the like, admins only for
 * people, credentials and webhook endpoints, a SELLER only for its seller's orders, sales
 * and receivables; the whole org's log is for admins. Entries written before secrets
 * were masked are masked as they are read.
 */
export async function listAuditEvents(db: Db, principal: Principal, input: AuditListInput): Promise<KeysetPage<AuditEvent>> {
  const forOneRecord = input.entity !== undefined && input.entity_id !== undefined;
  if (principal.role !== "ADMIN" && (!forOneRecord || ADMIN_ONLY.has(input.entity ?? ""))) {
    throw new AppError("forbidden", "Only admins read the whole audit log and the history of users and access keys");
  }
  // A SELLER reads the history of its seller's orders, sales and receivables only, as it reads them (others are 404).
  if (forOneRecord && principal.role === "SELLER" && SELLER_SCOPED.has(input.entity ?? "")) {
    await visibleRecord(db, principal, input.entity!, input.entity_id!);
  }
  const page = await keysetPaginate(db.auditEvent, input, {
    where: {
      ...(input.entity ? { entity: input.entity } : {}),
      ...(input.entity_id ? { entity_id: input.entity_id } : {}),
      ...(input.actor_id ? { actor_id: input.actor_id } : {}),
      ...(input.action ? { action: input.action } : {}),
    },
    toItem: (row: AuditEventRow) => row,
  });
  const [names, references] = await Promise.all([
    actorNames(db, page.items),
    referenceNames(
      db,
      page.items.map((row) => row.changes),
    ),
  ]);
  return { ...page, items: page.items.map((row) => toAuditEvent(row, names, references)) };
}

/** The kinds of records a SELLER sees only its seller's part of. */
const SELLER_SCOPED = new Set(["order", "sale", "financial"]);

/** 404 unless the caller's order scope sees the record (server/auth/scope.ts). */
async function visibleRecord(db: Db, principal: Principal, entity: string, id: string): Promise<void> {
  const scope = await orderScope(db, principal);
  const where = { id: isUuid(id) ? id : "00000000-0000-0000-0000-000000000000" };
  const found =
    entity === "order"
      ? await db.order.count({ where: { ...where, ...scopeWhere(scope) } })
      : entity === "sale"
        ? await db.sale.count({ where: { ...where, ...scopeWhere(scope) } })
        : await db.financial.count({ where: { ...where, ...financialScopeWhere(scope) } });
  if (found === 0) throw AppError.notFound("Record");
}

async function actorNames(db: Db, rows: AuditEventRow[]): Promise<Map<string, string>> {
  const ids = (kind: string) => [...new Set(rows.filter((row) => row.actor_kind === kind && row.actor_id).map((row) => row.actor_id!))];
  const [users, keys] = await Promise.all([
    db.user.findMany({ where: { id: { in: ids("user") } }, select: { id: true, name: true } }),
    db.accessKey.findMany({ where: { id: { in: ids("access_key") } }, select: { id: true, name: true } }),
  ]);
  return new Map([...users, ...keys].map((row) => [row.id, row.name]));
}

function toAuditEvent(row: AuditEventRow, names: Map<string, string>, references: ReadonlyMap<string, string>): AuditEvent {
  return {
    id: row.id,
    occurred_at: row.occurred_at.toISOString(),
    actor: {
      kind: row.actor_kind as AuditEvent["actor"]["kind"],
      id: row.actor_id,
      name: row.actor_id ? (names.get(row.actor_id) ?? null) : null,
    },
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    entity_label: row.entity_label === null ? null : maskUrlCredentials(row.entity_label),
    changes: maskSecrets(row.changes) as Record<string, unknown>,
    names: namesFor(row.changes, references),
    request_id: row.request_id,
  };
}
