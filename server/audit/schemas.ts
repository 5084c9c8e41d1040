import { z } from "zod";
import { keysetInput, keysetPageOf } from "../lib/keyset";

/** One entry of the audit log: who did what to which record, when. */
export const auditEvent = z.object({
  id: z.string(),
  occurred_at: z.string(),
  actor: z.object({
    kind: z.enum(["user", "access_key", "system"]),
    id: z.string().nullable(),
    /** The user's or key's current name; null when it no longer exists. */
    name: z.string().nullable(),
  }),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  entity_label: z.string().nullable(),
  /** Updates: `{field: {from, to}}`; creates and deletes: the record as it was. */
  changes: z.record(z.string(), z.unknown()),
  /**
   * The current names of the records the changes name by id (partners, products, statuses,
   * users, orders as "nº 1.234", ...), keyed by the id as it appears there (also
   * "user:<id>"), so nobody has to read an id. A deleted record is absent.
   */
  names: z.record(z.string(), z.string()),
  request_id: z.string().nullable(),
});
export type AuditEvent = z.output<typeof auditEvent>;

export const auditFilters = z.object({
  entity: z.string().max(60).optional(),
  entity_id: z.uuid({ message: "must be a UUID" }).optional(),
  actor_id: z.uuid({ message: "must be a UUID" }).optional(),
  /** One kind of write: `create`, `update`, `delete`, `reset_password`, ... */
  action: z.string().max(40).optional(),
});

export const auditListInput = keysetInput().extend(auditFilters.shape);
export type AuditListInput = z.output<typeof auditListInput>;
export const auditPage = keysetPageOf(auditEvent);
