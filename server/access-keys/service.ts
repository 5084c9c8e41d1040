import { z } from "zod";
import { recordAudit } from "../audit/service";
import { credentialChanged } from "../auth/credential-events";
import { hashSecret, randomSecret } from "../auth/tokens";
import type { Db } from "../db/scoped";
import { AppError } from "../errors";
import type { AccessKey as AccessKeyRow } from "../generated/prisma/client";
import { isUuid } from "../lib/ids";
import { paginate, sortByColumns, type PagingInput } from "../lib/paging";
import { searchText } from "../lib/search";
import { ACCESS_KEY_SORT, type AccessKey, type accessKeyCreate } from "./schemas";

function toAccessKey(row: AccessKeyRow): AccessKey {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    token: row.token,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
  };
}

export function listAccessKeys(db: Db, input: PagingInput) {
  return paginate(db.accessKey, input, {
    sortable: sortByColumns(ACCESS_KEY_SORT),
    defaultSort: "created_at",
    searchable: true,
    toItem: toAccessKey,
  });
}

export async function createAccessKey(db: Db, input: z.output<typeof accessKeyCreate>) {
  const token = `ak_${randomSecret(18)}`;
  const code = randomSecret(32);
  const row = await db.accessKey.create({
    data: { name: input.name, role: input.role, token, code_hash: hashSecret(code), search_text: searchText([input.name, token]) } as never,
  });
  await recordAudit(db, { action: "create", entity: "access_key", entityId: row.id, label: row.name, after: toAccessKey(row) });
  return { id: row.id, name: row.name, role: row.role, token, code };
}

/** Revokes a key: it stops working on every instance when this commits (server/auth/credential-events.ts). */
export async function removeAccessKey(db: Db, id: string) {
  const key = isUuid(id) ? await db.accessKey.findUnique({ where: { id } }) : null;
  if (!key) throw AppError.notFound("Access key");
  await db.accessKey.delete({ where: { id } });
  await credentialChanged(db, { kind: "key", id });
  await recordAudit(db, { action: "revoke", entity: "access_key", entityId: id, label: key.name, before: toAccessKey(key) });
}
