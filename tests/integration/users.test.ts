import { randomUUID } from "node:crypto";
import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { login } from "@/server/auth/service";
import { verifyPassword } from "@/server/auth/password";
import { problemOf } from "@/server/http/problem";
import { callerWith, newOrg, unique } from "../helpers/database";

async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

async function fieldErrors(promise: Promise<unknown>): Promise<string[]> {
  const error = await rejection(promise);
  expect(error.code).toBe("UNPROCESSABLE_CONTENT");
  return (problemOf(error).errors ?? []).map((entry) => entry.path);
}

const newEmail = () => `${randomUUID()}@Test.Example`;

/** A caller signed in with the user's own bearer token (as after POST /auth/login). */
async function signedIn(org: Awaited<ReturnType<typeof newOrg>>, email: string, password: string) {
  const { access_token } = await login(org.database.prisma, { email, password }, `test-${randomUUID()}`);
  return callerWith(org.runtime, { authorization: `Bearer ${access_token}` });
}

const userFields = [
  "access_request_status",
  "active",
  "created_at",
  "email",
  "email_confirmed",
  "fiscal_registration_number",
  "id",
  "is_access_request",
  "is_change_password_next_access",
  "name",
  "profile",
  "role",
  "seller_id",
  "updated_at",
];

describe("users", () => {
  it("creates a user with a password, stores the email lower-case and never answers the hash", async () => {
    const org = await newOrg();
    const api = await org.as();
    const email = newEmail();
    const name = unique("Maria Conceição");
    const created = await api.users.create({
      name,
      email,
      role: "MANAGER",
      password: "s3cret-pass",
      fiscal_registration_number: "529.982.247-25",
    });
    expect(Object.keys(created).sort()).toEqual(userFields);
    expect(created).toMatchObject({
      name,
      email: email.toLowerCase(),
      role: "MANAGER",
      active: true,
      seller_id: null,
      fiscal_registration_number: "52998224725",
      is_change_password_next_access: false,
    });
    const row = await org.db.user.findFirstOrThrow({ where: { id: created.id } });
    expect(row.password_hash).not.toContain("s3cret-pass");
    expect(await verifyPassword("s3cret-pass", row.password_hash)).toBe(true);
    expect(await api.users.get({ id: created.id })).toEqual(created);

    const mine = await signedIn(org, email, "s3cret-pass");
    await mine.brands.create({ name: unique("Brand"), active: true, images: [], attributes: {} });
  });

  it("generates a temporary password when none is given, answered once", async () => {
    const org = await newOrg();
    const api = await org.as();
    const email = newEmail();
    const created = await api.users.create({ name: "Temp", email, role: "VIEWER" });
    expect(created.temporary_password).toMatch(/^\S{8,}$/);
    expect(created.is_change_password_next_access).toBe(true);
    expect(await api.users.get({ id: created.id })).not.toHaveProperty("temporary_password");
    const viewer = await signedIn(org, email, created.temporary_password!);
    expect((await rejection(viewer.brands.create({ name: "x", active: true, images: [], attributes: {} }))).code).toBe("FORBIDDEN");

    const reset = await api.users.resetPassword({ id: created.id });
    expect(reset.temporary_password).not.toBe(created.temporary_password);
    await signedIn(org, email, reset.temporary_password);
    expect((await api.users.get({ id: created.id })).is_change_password_next_access).toBe(true);
    expect((await rejection(api.users.resetPassword({ id: randomUUID() }))).code).toBe("NOT_FOUND");
  });

  it("answers 422 for bad fields and 409 for an email used anywhere in the system", async () => {
    const org = await newOrg();
    const api = await org.as();
    const invalid = await fieldErrors(api.users.create({ name: "", email: "nope", role: "BOSS" as never, password: "short" }));
    expect(invalid.sort()).toEqual(["email", "name", "password", "role"]);
    expect(await fieldErrors(api.users.create({ name: "x", email: newEmail(), seller_id: randomUUID() }))).toEqual(["seller_id"]);

    const email = newEmail();
    await api.users.create({ name: "First", email, password: "password123" });
    expect((await rejection(api.users.create({ name: "Again", email: email.toUpperCase(), password: "password123" }))).code).toBe(
      "CONFLICT",
    );
    // Emails are unique across orgs: login takes an email, not an org.
    const other = await (await newOrg()).as();
    expect((await rejection(other.users.create({ name: "Elsewhere", email, password: "password123" }))).code).toBe("CONFLICT");
    const second = await api.users.create({ name: "Second", email: newEmail(), password: "password123" });
    expect((await rejection(api.users.update({ id: second.id, email }))).code).toBe("CONFLICT");
  });

  it("updates only the fields given and links a seller of the org", async () => {
    const org = await newOrg();
    const api = await org.as();
    const seller = await api.sellers.create({ name: unique("Seller"), email: "s@example.com" });
    const created = await api.users.create({ name: "Before", email: newEmail(), role: "VIEWER", profile: "backoffice" });
    const updated = await api.users.update({ id: created.id, name: "After", role: "SELLER", seller_id: seller.id });
    expect(updated).toMatchObject({ name: "After", role: "SELLER", seller_id: seller.id, profile: "backoffice", email: created.email });
    const cleared = await api.users.update({ id: created.id, seller_id: null, profile: "" });
    expect(cleared).toMatchObject({ name: "After", role: "SELLER", seller_id: null, profile: null });
    expect(await fieldErrors(api.users.update({ id: created.id, seller_id: randomUUID() }))).toEqual(["seller_id"]);
    expect((await rejection(api.users.update({ id: randomUUID(), name: "x" }))).code).toBe("NOT_FOUND");
  });

  it("makes role changes take effect on the next request, and deactivation end the user's tokens for good", async () => {
    const org = await newOrg();
    const api = await org.as();
    const email = newEmail();
    const created = await api.users.create({ name: "Manager", email, role: "MANAGER", password: "password123" });
    const theirs = await signedIn(org, email, "password123");
    await theirs.brands.create({ name: unique("Brand"), active: true, images: [], attributes: {} });

    await api.users.update({ id: created.id, role: "VIEWER" });
    expect((await rejection(theirs.brands.create({ name: "x", active: true, images: [], attributes: {} }))).code).toBe("FORBIDDEN");

    await api.users.update({ id: created.id, active: false });
    expect((await rejection(theirs.brands.list({}))).code).toBe("UNAUTHORIZED");
    expect((await api.users.list({ active: false })).items.map((user) => user.id)).toEqual([created.id]);

    await api.users.update({ id: created.id, active: true });
    // Reactivation does not revive the tokens a deactivation ended: signing in again does.
    expect((await rejection(theirs.brands.list({}))).code).toBe("UNAUTHORIZED");
    await (await signedIn(org, email, "password123")).brands.list({});
  });

  it("does not let an admin demote or deactivate themselves", async () => {
    const org = await newOrg();
    const email = newEmail();
    const first = await (await org.as()).users.create({ name: "Admin 2", email, role: "ADMIN", password: "password123" });
    const self = await signedIn(org, email, "password123");
    expect(await fieldErrors(self.users.update({ id: first.id, role: "MANAGER" }))).toEqual(["role"]);
    expect(await fieldErrors(self.users.update({ id: first.id, active: false }))).toEqual(["active"]);
    expect((await self.users.update({ id: first.id, name: "Still admin", role: "ADMIN", active: true })).name).toBe("Still admin");
    // Another admin may.
    expect((await (await org.as()).users.update({ id: first.id, role: "MANAGER" })).role).toBe("MANAGER");
  });

  it("lists with search, filters, sort and paging, only the org's users", async () => {
    const org = await newOrg();
    const api = await org.as();
    const tag = unique("Team").replace(" ", "");
    await api.users.create({ name: `${tag} Ana Álvares`, email: newEmail(), role: "SELLER" });
    await api.users.create({ name: `${tag} Bruna`, email: newEmail(), role: "VIEWER", active: false });
    const carla = await api.users.create({ name: `${tag} Carla`, email: `${tag.toLowerCase()}-carla@test.example`, role: "SELLER" });

    const page = await api.users.list({ search: tag, sort: "name", dir: "desc", perPage: 2 });
    expect(page).toMatchObject({ total: 3, perPage: 2 });
    expect(page.items.map((user) => user.name)).toEqual([`${tag} Carla`, `${tag} Bruna`]);
    expect(page.items[0]).not.toHaveProperty("password_hash");
    expect((await api.users.list({ search: `${tag} ana alvares` })).items.map((user) => user.name)).toEqual([`${tag} Ana Álvares`]);
    expect((await api.users.list({ search: `${tag.toLowerCase()}-carla@` })).items.map((user) => user.id)).toEqual([carla.id]);
    expect((await api.users.list({ search: tag, role: "SELLER" })).total).toBe(2);
    expect((await api.users.list({ search: tag, active: false })).total).toBe(1);
    // Users made outside this API (first start, CLI) are found by name and email too.
    expect((await api.users.list({ search: org.adminEmail })).total).toBe(1);
    expect((await rejection(api.users.list({ sort: "password_hash" }))).code).toBe("UNPROCESSABLE_CONTENT");

    const other = await (await newOrg()).as();
    expect((await other.users.list({ search: tag })).total).toBe(0);
    expect((await rejection(other.users.get({ id: carla.id }))).code).toBe("NOT_FOUND");
    expect((await rejection(other.users.update({ id: carla.id, name: "x" }))).code).toBe("NOT_FOUND");
    expect((await rejection(other.users.resetPassword({ id: carla.id }))).code).toBe("NOT_FOUND");
  });

  it("is for ADMIN only", async () => {
    const org = await newOrg();
    const target = await (await org.as()).users.create({ name: "Target", email: newEmail() });
    for (const role of ["MANAGER", "SELLER", "VIEWER"] as const) {
      const api = await org.as(role);
      expect((await rejection(api.users.list({}))).code).toBe("FORBIDDEN");
      expect((await rejection(api.users.get({ id: target.id }))).code).toBe("FORBIDDEN");
      expect((await rejection(api.users.create({ name: "x", email: newEmail() }))).code).toBe("FORBIDDEN");
      expect((await rejection(api.users.update({ id: target.id, role: "ADMIN" }))).code).toBe("FORBIDDEN");
      expect((await rejection(api.users.resetPassword({ id: target.id }))).code).toBe("FORBIDDEN");
    }
  });
});
