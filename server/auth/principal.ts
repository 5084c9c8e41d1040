import { decode } from "next-auth/jwt";
import type { PrismaClient } from "../generated/prisma/client";
import type { Role } from "../generated/prisma/enums";
import { env } from "../env";
import { hashSecret, secretMatches, verifyAccessToken } from "./tokens";

/** Who is calling: a user (bearer token or panel session) or an access key. */
export interface Principal {
  kind: "user" | "access_key";
  id: string;
  organizationId: string;
  role: Role;
  via: "bearer" | "session" | "access_key";
}

/** Which credentials an endpoint accepts (contract §2). */
export type CredentialPolicy = "any" | "bearer-only" | "bearer-or-code";

const CACHE_MS = 5_000;
type Cached<T> = { value: T; expires: number };
const users = new Map<string, Cached<{ organization_id: string; role: Role; active: boolean } | null>>();
const keys = new Map<string, Cached<{ id: string; organization_id: string; role: Role; code_hash: string; last_used_at: Date | null } | null>>();

function cached<T>(map: Map<string, Cached<T>>, id: string, load: () => Promise<T>): Promise<T> {
  const hit = map.get(id);
  if (hit && hit.expires > Date.now()) return Promise.resolve(hit.value);
  return load().then((value) => {
    if (map.size > 10_000) map.clear();
    map.set(id, { value, expires: Date.now() + CACHE_MS });
    return value;
  });
}

/** Drops cached credentials (after a role change, a deactivation or a revoked key). */
export function forgetCredentials(): void {
  users.clear();
  keys.clear();
}

async function userPrincipal(
  prisma: PrismaClient,
  userId: string,
  organizationId: string,
  via: Principal["via"],
): Promise<Principal | null> {
  const user = await cached(users, userId, () =>
    prisma.user.findUnique({ where: { id: userId }, select: { organization_id: true, role: true, active: true } }),
  );
  if (!user || !user.active || user.organization_id !== organizationId) return null;
  return { kind: "user", id: userId, organizationId, role: user.role, via };
}

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function cookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/** The panel's next-auth session (JWT strategy) from the request cookies. */
async function sessionPrincipal(prisma: PrismaClient, headers: Headers): Promise<Principal | null> {
  const cookies = headers.get("cookie");
  for (const name of SESSION_COOKIES) {
    const token = cookie(cookies, name);
    if (!token) continue;
    const session = await decode({ token, secret: env().AUTH_SECRET }).catch(() => null);
    if (session?.sub && typeof session.organizationId === "string") {
      return userPrincipal(prisma, session.sub, session.organizationId, "session");
    }
  }
  return null;
}

async function accessKeyPrincipal(prisma: PrismaClient, token: string, code: string): Promise<Principal | null> {
  const key = await cached(keys, token, () =>
    prisma.accessKey.findUnique({
      where: { token },
      select: { id: true, organization_id: true, role: true, code_hash: true, last_used_at: true },
    }),
  );
  if (!key || !secretMatches(code, key.code_hash)) return null;
  if (!key.last_used_at || Date.now() - key.last_used_at.getTime() > 60_000) {
    key.last_used_at = new Date();
    void prisma.accessKey
      .update({ where: { id: key.id }, data: { last_used_at: key.last_used_at } })
      .catch(() => undefined);
  }
  return { kind: "access_key", id: key.id, organizationId: key.organization_id, role: key.role, via: "access_key" };
}

/** An access key found by its code alone (most-sold analysis, contract §2). */
async function accessKeyByCode(prisma: PrismaClient, code: string): Promise<Principal | null> {
  const key = await prisma.accessKey.findFirst({
    where: { code_hash: hashSecret(code) },
    select: { id: true, organization_id: true, role: true },
  });
  return key ? { kind: "access_key", id: key.id, organizationId: key.organization_id, role: key.role, via: "access_key" } : null;
}

/**
 * Resolves the credentials of a request, or null when there are none valid. Tried in
 * order: bearer token, access key pair, the panel's session cookie.
 */
export async function authenticate(
  prisma: PrismaClient,
  headers: Headers,
  policy: CredentialPolicy = "any",
): Promise<Principal | null> {
  const authorization = headers.get("authorization");
  if (authorization) {
    const [scheme, token] = authorization.split(" ");
    if (scheme?.toLowerCase() !== "bearer" || !token) return null;
    const claims = await verifyAccessToken(token);
    return claims ? userPrincipal(prisma, claims.userId, claims.organizationId, "bearer") : null;
  }
  const keyToken = headers.get("x-service-access-key-token");
  const keyCode = headers.get("x-service-access-key-code");
  if (policy !== "bearer-only" && keyToken && keyCode) return accessKeyPrincipal(prisma, keyToken, keyCode);
  if (policy === "bearer-or-code" && keyCode && !keyToken) return accessKeyByCode(prisma, keyCode);
  if (keyToken || keyCode) return null;
  // The panel's session is a user's credential, like the bearer token.
  return sessionPrincipal(prisma, headers);
}
