import { randomInt } from "node:crypto";
import { recordAudit } from "../audit/service";
import { credentialChanged } from "../auth/credential-events";
import { hashPassword, verifyPassword } from "../auth/password";
import type { Principal } from "../auth/principal";
import { normalizeEmail } from "../auth/service";
import type { Db } from "../db/scoped";
import { AppError } from "../errors";
import { Prisma, type User as UserRow } from "../generated/prisma/client";
import { checkReferences, type Reference } from "../crud/crud";
import { isUuid } from "../lib/ids";
import { paginate, sortByColumns, type PagingInput } from "../lib/paging";
import { searchText } from "../lib/search";
import type { z } from "zod";
import { USER_SORT, type User, type UserCreated, type UserCreateOutput, type UserUpdateOutput, type userFilters } from "./schemas";

const references: Reference[] = [{ field: "seller_id", noun: "seller", model: (db) => db.seller }];

/** Letters and digits that cannot be misread (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
const TEMPORARY_PASSWORD_LENGTH = 14;

/** A random password to hand over once; the user is asked to change it at the next sign-in. */
export function temporaryPassword(): string {
  return Array.from({ length: TEMPORARY_PASSWORD_LENGTH }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join("");
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    active: row.active,
    seller_id: row.seller_id,
    fiscal_registration_number: row.fiscal_registration_number,
    email_confirmed: row.email_confirmed,
    is_change_password_next_access: row.is_change_password_next_access,
    is_access_request: row.is_access_request,
    access_request_status: row.access_request_status,
    profile: row.profile,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** Emails are unique across every org: the unique index decides, this names the conflict. */
async function uniqueEmail<T>(email: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("duplicate", email ? `A user with the email ${email} already exists` : "A user with this email already exists", {
        params: { field: "email" },
      });
    }
    throw error;
  }
}

export async function listUsers(db: Db, input: PagingInput & z.output<typeof userFilters>) {
  const where = {
    ...(input.role ? { role: input.role } : {}),
    ...(input.active === undefined ? {} : { active: input.active }),
  };
  return paginate(db.user, input, {
    where,
    searchable: true,
    sortable: sortByColumns(USER_SORT),
    defaultSort: "name",
    toItem: toUser,
  });
}

async function findUser(db: Db, id: string): Promise<UserRow> {
  const row = isUuid(id) ? await db.user.findFirst({ where: { id } }) : null;
  if (!row) throw AppError.notFound("User");
  return row;
}

export async function getUser(db: Db, id: string): Promise<User> {
  return toUser(await findUser(db, id));
}

export async function createUser(db: Db, input: UserCreateOutput): Promise<UserCreated> {
  await checkReferences(db, input, references);
  const email = normalizeEmail(input.email);
  const generated = input.password ? undefined : temporaryPassword();
  const passwordHash = await hashPassword(input.password ?? generated!);
  const row = await uniqueEmail(email, () =>
    db.user.create({
      data: {
        name: input.name,
        email,
        password_hash: passwordHash,
        role: input.role,
        active: input.active,
        seller_id: input.seller_id,
        fiscal_registration_number: input.fiscal_registration_number,
        profile: input.profile,
        is_change_password_next_access: generated !== undefined,
        search_text: searchText([input.name, email]),
      } as never,
    }),
  );
  const created = toUser(row);
  await recordAudit(db, { action: "create", entity: "user", entityId: row.id, label: row.name, after: created });
  return generated ? { ...created, temporary_password: generated } : created;
}

/**
 * Changes a user; fields left out keep their value. An admin may not take their own
 * admin role or deactivate themselves (422). A new role applies to the user's next
 * request on every instance; a deactivation also ends the user's tokens and sessions.
 */
export async function updateUser(db: Db, actor: Pick<Principal, "kind" | "id">, id: string, input: UserUpdateOutput): Promise<User> {
  const current = await findUser(db, id);
  if (actor.kind === "user" && actor.id === current.id) {
    if (input.role !== undefined && input.role !== current.role) {
      throw AppError.invalid("role", "you cannot change your own role");
    }
    if (input.active === false) throw AppError.invalid("active", "you cannot deactivate yourself");
  }
  await checkReferences(db, input, references);
  const email = input.email === undefined ? undefined : normalizeEmail(input.email);
  const name = input.name ?? current.name;
  const data = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(email === undefined ? {} : { email }),
    ...(input.role === undefined ? {} : { role: input.role }),
    ...(input.active === undefined ? {} : { active: input.active }),
    ...(input.seller_id === undefined ? {} : { seller_id: input.seller_id }),
    ...(input.fiscal_registration_number === undefined ? {} : { fiscal_registration_number: input.fiscal_registration_number }),
    ...(input.profile === undefined ? {} : { profile: input.profile }),
    ...(input.active === false && current.active ? { token_version: { increment: 1 } } : {}),
    search_text: searchText([name, email ?? current.email]),
  };
  const row = await uniqueEmail(email, () => db.user.update({ where: { id }, data }));
  if (row.role !== current.role || row.active !== current.active) await credentialChanged(db, { kind: "user", id });
  const updated = toUser(row);
  await recordAudit(db, { action: "update", entity: "user", entityId: id, label: row.name, before: toUser(current), after: updated });
  return updated;
}

/**
 * A new temporary password for another user, answered once; the user's tokens and
 * sessions end and they must change it at the next sign-in. One's own password is
 * changed with the current one (`changeOwnPassword`), never reset by oneself.
 */
export async function resetPassword(
  db: Db,
  actor: Pick<Principal, "kind" | "id">,
  id: string,
): Promise<{ id: string; temporary_password: string }> {
  await findUser(db, id);
  if (actor.kind === "user" && actor.id === id) {
    throw new AppError(
      "forbidden",
      "You cannot reset your own password here; change it with your current password (PUT /account/password)",
    );
  }
  const password = temporaryPassword();
  await db.user.update({
    where: { id },
    data: { password_hash: await hashPassword(password), is_change_password_next_access: true, token_version: { increment: 1 } },
  });
  await credentialChanged(db, { kind: "user", id });
  await recordAudit(db, { action: "reset_password", entity: "user", entityId: id, label: (await findUser(db, id)).name });
  return { id, temporary_password: password };
}

/**
 * Self-service: a user changes their own password, proving the current one. Every other
 * token and session of the user ends; the answer carries a fresh token version for the
 * caller to sign in again with.
 */
export async function changeOwnPassword(db: Db, userId: string, currentPassword: string, newPassword: string): Promise<User> {
  const user = await findUser(db, userId);
  if (!(await verifyPassword(currentPassword, user.password_hash))) {
    throw AppError.invalid("current_password", "is not your current password", "wrong_password");
  }
  if (currentPassword === newPassword) throw AppError.invalid("new_password", "must differ from the current password", "unchanged");
  const row = await db.user.update({
    where: { id: userId },
    data: { password_hash: await hashPassword(newPassword), is_change_password_next_access: false, token_version: { increment: 1 } },
  });
  await credentialChanged(db, { kind: "user", id: userId });
  await recordAudit(db, { action: "change_password", entity: "user", entityId: userId, label: row.name });
  return toUser(row);
}
