import { z } from "zod";
import { forgetCredentials } from "../auth/principal";
import { hashSecret, randomSecret } from "../auth/tokens";
import type { Db } from "../db/scoped";
import { AppError } from "../errors";
import type { AccessKey as AccessKeyRow } from "../generated/prisma/client";
import { isUuid } from "../lib/crud";
import { paginate, sortByColumns, type PagingInput } from "../lib/paging";
import type { AccessKey, accessKeyCreate } from "./schemas";

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
    sortable: sortByColumns(["id", "name", "role", "token", "created_at", "last_used_at"]),
    defaultSort: "created_at",
    toItem: toAccessKey,
  });
}

export async function createAccessKey(db: Db, input: z.output<typeof accessKeyCreate>) {
  const token = `ak_${randomSecret(18)}`;
  const code = randomSecret(32);
  const row = await db.accessKey.create({
    data: { name: input.name, role: input.role, token, code_hash: hashSecret(code) } as never,
  });
  return { id: row.id, name: row.name, role: row.role, token, code };
}

export async function removeAccessKey(db: Db, id: string) {
  const { count } = isUuid(id) ? await db.accessKey.deleteMany({ where: { id } }) : { count: 0 };
  if (count === 0) throw AppError.notFound("Access key");
  forgetCredentials();
}
