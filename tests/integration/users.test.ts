/** Users over REST (contract §2 "Users", admin only): passwords, roles and deactivation taking effect at once. */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/server/auth/password";
import { newOrg, unique } from "../helpers/database";
import { call, expectProblem, restAs, type Answer } from "../helpers/http";

const newEmail = () => `${randomUUID()}@Test.Example`;
const paths = (answer: Answer) => (expectProblem(answer, 422).errors ?? []).map((error) => error.path).sort();
const login = (email: string, password: string) => call("POST", "/api/b2b/auth/login", { body: { email, password } });

/** The REST interface as the user itself, signed in with its password (as after POST /auth/login). */
async function signedIn(email: string, password: string) {
  const answer = await login(email, password);
  expect(answer.status, answer.text).toBe(200);
  return restAs({ authorization: `Bearer ${answer.json.access_token}` });
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
  it("POST 201 with a password: the email stored lower-case, the number as digits, the hash never answered", async () => {
    const org = await newOrg();
    const admin = restAs(await org.bearer());
    const email = newEmail();
    const name = unique("Maria Conceição");
    const created = await admin.post("/users", {
      name,
      email,
      role: "MANAGER",
      password: "s3cret-pass",
      fiscal_registration_number: "529.982.247-25",
    });
    expect(created.status, created.text).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual(userFields);
    expect(created.json).toMatchObject({
      name,
      email: email.toLowerCase(),
      role: "MANAGER",
      active: true,
      seller_id: null,
      fiscal_registration_number: "52998224725",
      is_change_password_next_access: false,
    });
    const row = await org.db.user.findFirstOrThrow({ where: { id: created.json.id } });
    expect(row.password_hash).not.toContain("s3cret-pass");
    expect(await verifyPassword("s3cret-pass", row.password_hash)).toBe(true);
    const fetched = await admin.get(`/users/${created.json.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.json).toEqual(created.json);
    expect((await (await signedIn(email, "s3cret-pass")).post("/brands", { name: unique("Brand"), active: true })).status).toBe(201);
  });

  it("without a password, a temporary one is answered once; reset-password answers a new one and the old stops working", async () => {
    const org = await newOrg();
    const admin = restAs(await org.bearer());
    const email = newEmail();
    const created = await admin.post("/users", { name: "Temp", email, role: "VIEWER" });
    expect(created.status).toBe(201);
    expect(Object.keys(created.json).sort()).toEqual([...userFields, "temporary_password"].sort());
    const user = created.json;
    expect(user.temporary_password).toMatch(/^\S{8,}$/);
    expect(user.is_change_password_next_access).toBe(true);
    const fetched = (await admin.get(`/users/${user.id}`)).json;
    for (const field of ["temporary_password", "password_hash", "password"]) expect(fetched).not.toHaveProperty(field);
    expectProblem(await (await signedIn(email, user.temporary_password)).post("/brands", { name: "x", active: true }), 403);

    const reset = await admin.put(`/users/${user.id}/reset-password`);
    expect(reset.status).toBe(200);
    const { temporary_password } = reset.json;
    expect(temporary_password).not.toBe(user.temporary_password);
    expectProblem(await login(email, user.temporary_password), 404);
    await signedIn(email, temporary_password);
    expect((await admin.get(`/users/${user.id}`)).json.is_change_password_next_access).toBe(true);
    expectProblem(await admin.put(`/users/${randomUUID()}/reset-password`), 404);
  });

  it("422 for bad fields and an unknown seller; 409 for an email used anywhere in the system", async () => {
    const admin = restAs(await (await newOrg()).bearer());
    expect(paths(await admin.post("/users", { name: "", email: "nope", role: "OWNER", password: "short" }))).toEqual([
      "email",
      "name",
      "password",
      "role",
    ]);
    expect(paths(await admin.post("/users", { name: "x", email: newEmail(), seller_id: randomUUID() }))).toEqual(["seller_id"]);

    const email = newEmail();
    expect((await admin.post("/users", { name: "First", email, password: "password123" })).status).toBe(201);
    expectProblem(await admin.post("/users", { name: "Again", email: email.toUpperCase(), password: "password123" }), 409);
    // Emails are unique across orgs: login takes an email, not an org.
    const other = restAs(await (await newOrg()).bearer());
    expectProblem(await other.post("/users", { name: "Elsewhere", email, password: "password123" }), 409);
    const second = (await admin.post("/users", { name: "Second", email: newEmail(), password: "password123" })).json;
    expectProblem(await admin.put(`/users/${second.id}`, { email }), 409);
  });

  it("PUT 200 changes only the fields sent and links a seller of the org", async () => {
    const admin = restAs(await (await newOrg()).bearer());
    const seller = (await admin.post("/sellers", { name: unique("Seller"), email: "s@example.com" })).json;
    const created = (await admin.post("/users", { name: "Before", email: newEmail(), role: "VIEWER", profile: "backoffice" })).json;
    const updated = await admin.put(`/users/${created.id}`, { name: "After", role: "SELLER", seller_id: seller.id });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      name: "After",
      role: "SELLER",
      seller_id: seller.id,
      profile: "backoffice",
      email: created.email,
    });
    const cleared = await admin.put(`/users/${created.id}`, { seller_id: null, profile: "" });
    expect(cleared.json).toMatchObject({ name: "After", role: "SELLER", seller_id: null, profile: null });
    expect(paths(await admin.put(`/users/${created.id}`, { seller_id: randomUUID() }))).toEqual(["seller_id"]);
    expectProblem(await admin.put(`/users/${randomUUID()}`, { name: "x" }), 404);
  });

  it("a role change takes effect on the next request; a deactivation ends the user's tokens for good", async () => {
    const admin = restAs(await (await newOrg()).bearer());
    const email = newEmail();
    const created = (await admin.post("/users", { name: "Manager", email, role: "MANAGER", password: "password123" })).json;
    const theirs = await signedIn(email, "password123");
    expect((await theirs.post("/brands", { name: unique("Brand"), active: true })).status).toBe(201);

    expect((await admin.put(`/users/${created.id}`, { role: "VIEWER" })).status).toBe(200);
    expectProblem(await theirs.post("/brands", { name: "x", active: true }), 403);
    expect((await theirs.get("/brands")).status).toBe(200);

    expect((await admin.put(`/users/${created.id}`, { active: false })).status).toBe(200);
    expectProblem(await theirs.get("/brands"), 401);
    expectProblem(await login(email, "password123"), 404);
    expect((await admin.get("/users?active=false")).json.items.map((user: { id: string }) => user.id)).toEqual([created.id]);

    await admin.put(`/users/${created.id}`, { active: true });
    // Reactivation does not revive the tokens a deactivation ended: signing in again does.
    expectProblem(await theirs.get("/brands"), 401);
    expect((await (await signedIn(email, "password123")).get("/brands")).status).toBe(200);
  });

  it("an admin cannot demote or deactivate themselves (422 naming the field); another admin may", async () => {
    const admin = restAs(await (await newOrg()).bearer());
    const email = newEmail();
    const first = (await admin.post("/users", { name: "Admin 2", email, role: "ADMIN", password: "password123" })).json;
    const self = await signedIn(email, "password123");
    expect((await self.get("/users")).status).toBe(200);
    expect(paths(await self.put(`/users/${first.id}`, { role: "MANAGER" }))).toEqual(["role"]);
    expect(paths(await self.put(`/users/${first.id}`, { active: false }))).toEqual(["active"]);
    expect((await self.put(`/users/${first.id}`, { name: "Still admin", role: "ADMIN", active: true })).json.name).toBe("Still admin");
    expect((await admin.put(`/users/${first.id}`, { role: "MANAGER" })).json.role).toBe("MANAGER");
    expectProblem(await self.get("/users"), 403);
  });

  it("lists with search (name, email, accents), filters, sort and paging, only the org's users; another org's are 404", async () => {
    const org = await newOrg();
    const admin = restAs(await org.bearer());
    const tag = unique("Team").replace(" ", "");
    const create = async (body: object) => (await admin.post("/users", body)).json;
    await create({ name: `${tag} Ana Álvares`, email: newEmail(), role: "SELLER" });
    await create({ name: `${tag} Bruna`, email: newEmail(), role: "VIEWER", active: false });
    const carla = await create({ name: `${tag} Carla`, email: `${tag.toLowerCase()}-carla@test.example`, role: "SELLER" });
    const list = async (query: string) => (await admin.get(`/users?${query}`)).json;

    const page = await list(`search=${tag}&sort=name&dir=desc&perPage=2`);
    expect(page).toMatchObject({ currentPage: 0, total: 3, perPage: 2 });
    expect(page.items.map((user: { name: string }) => user.name)).toEqual([`${tag} Carla`, `${tag} Bruna`]);
    expect(page.items[0]).not.toHaveProperty("password_hash");
    expect((await list(`search=${encodeURIComponent(`${tag} ana alvares`)}`)).items.map((user: { name: string }) => user.name)).toEqual([
      `${tag} Ana Álvares`,
    ]);
    expect(
      (await list(`search=${encodeURIComponent(`${tag.toLowerCase()}-carla@`)}`)).items.map((user: { id: string }) => user.id),
    ).toEqual([carla.id]);
    expect((await list(`search=${tag}&role=SELLER`)).total).toBe(2);
    expect((await list(`search=${tag}&active=false`)).total).toBe(1);
    // Users made outside this API (first start, CLI) are found by name and email too.
    expect((await list(`search=${encodeURIComponent(org.adminEmail)}`)).total).toBe(1);
    expectProblem(await admin.get("/users?sort=password_hash"), 422);

    const other = restAs(await (await newOrg()).bearer());
    expect((await other.get(`/users?search=${tag}`)).json.total).toBe(0);
    expectProblem(await other.get(`/users/${carla.id}`), 404);
    expectProblem(await other.put(`/users/${carla.id}`, { role: "ADMIN" }), 404);
    expectProblem(await other.put(`/users/${carla.id}/reset-password`), 404);
    expectProblem(await admin.get(`/users/${randomUUID()}`), 404);
  });

  it("is for ADMIN only: users and access keys of other roles are 403, no credentials 401", async () => {
    const org = await newOrg();
    const admin = restAs(await org.bearer());
    const target = (await admin.post("/users", { name: "Target", email: newEmail() })).json;
    for (const role of ["MANAGER", "SELLER", "VIEWER"] as const) {
      const key = (await admin.post("/access-keys", { name: unique(role), role })).json;
      for (const rest of [
        restAs(await org.bearer(role)),
        restAs({ "x-service-access-key-token": key.token, "x-service-access-key-code": key.code }),
      ]) {
        expectProblem(await rest.get("/users"), 403);
        expectProblem(await rest.get(`/users/${target.id}`), 403);
        expectProblem(await rest.post("/users", { name: "x", email: newEmail() }), 403);
        expectProblem(await rest.put(`/users/${target.id}`, { role: "ADMIN" }), 403);
        expectProblem(await rest.put(`/users/${target.id}/reset-password`), 403);
      }
    }
    const adminKey = (await admin.post("/access-keys", { name: unique("ADMIN"), role: "ADMIN" })).json;
    expect(
      (await restAs({ "x-service-access-key-token": adminKey.token, "x-service-access-key-code": adminKey.code }).get("/users")).status,
    ).toBe(200);
    expectProblem(await call("GET", "/api/b2b/users"), 401);
  });
});
