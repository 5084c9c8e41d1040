import { randomInt } from "node:crypto";
import { hashPassword } from "../auth/password";
import { forgetCredentials, type Principal } from "../auth/principal";
import { normalizeEmail } from "../auth/service";
import type { Db } from "../db/scoped";
import { AppError } from "../errors";
import { Prisma, type User as UserRow } from "../generated/prisma/client";
import { checkReferences, isUuid, type Reference } from "../lib/crud";
import { paginate, sortByColumns, type PagingInput } from "../lib/paging";
import { normalizeSearch, searchText } from "../lib/search";
import type { z } from "zod";
import type { User, UserCreated, UserCreateOutput, UserUpdateOutput, userFilters } from "./schemas";

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
      throw new AppError("CONFLICT", email ? `A user with the email ${email} already exists` : "A user with this email already exists");
    }
    throw error;
  }
}

export async function listUsers(db: Db, input: PagingInput & z.output<typeof userFilters>) {
  const search = normalizeSearch(input.search);
  const where = {
    ...(input.role ? { role: input.role } : {}),
    ...(input.active === undefined ? {} : { active: input.active }),
    ...(search ? { search_text: { contains: search } } : {}),
  };
  return paginate(db.user, input, {
    where,
    sortable: sortByColumns(["id", "name", "email", "role", "active", "created_at"]),
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
  return generated ? { ...toUser(row), temporary_password: generated } : toUser(row);
}

/**
 * Changes a user; fields left out keep their value. An admin may not take their own
 * admin role or deactivate themselves (422). Role and activation take effect on the
 * next request: cached credentials are dropped.
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
    search_text: searchText([name, email ?? current.email]),
  };
  const row = await uniqueEmail(email, () => db.user.update({ where: { id }, data }));
  if (row.role !== current.role || row.active !== current.active) forgetCredentials();
  return toUser(row);
}

/** A new temporary password, answered once; the user must change it at the next sign-in. */
export async function resetPassword(db: Db, id: string): Promise<{ id: string; temporary_password: string }> {
  await findUser(db, id);
  const password = temporaryPassword();
  await db.user.update({
    where: { id },
    data: { password_hash: await hashPassword(password), is_change_password_next_access: true },
  });
  return { id, temporary_password: password };
}
