import type { Db } from "../db/scoped";
import { Prisma } from "../generated/prisma/client";
import { env } from "../env";
import { AppError } from "../errors";
import type { Role } from "../generated/prisma/enums";
import { header, type RequestHeaders } from "../lib/headers";
import { isUuid } from "../lib/ids";
import type { Runtime } from "../runtime";
import type { CachedUser } from "./credential-cache";
import { hashSecret, secretMatches, verifyAccessToken } from "./tokens";

/** Who is calling: a user (bearer token or panel session) or an access key. */
export interface Principal {
  kind: "user" | "access_key";
  id: string;
  organizationId: string;
  role: Role;
  via: "bearer" | "session" | "access_key";
  /** The user's token version the credential was issued under (users only). */
  tokenVersion?: number;
}

/** Which credentials an endpoint accepts (contract §2). */
export type CredentialPolicy = "any" | "bearer-only" | "bearer-or-code";

function loadUser(runtime: Runtime, id: string): Promise<CachedUser | null> {
  return runtime.credentials.user(id, () =>
    runtime.database.prisma.user.findUnique({
      where: { id },
      select: { organization_id: true, role: true, active: true, token_version: true },
    }),
  );
}

async function userPrincipal(
  runtime: Runtime,
  claims: { userId: string; organizationId: string; tokenVersion: number },
  via: Principal["via"],
): Promise<Principal | null> {
  const user = await loadUser(runtime, claims.userId);
  if (!user || !user.active || user.organization_id !== claims.organizationId) return null;
  // A password reset or a deactivation bumps the version: older tokens and sessions stop working.
  if (user.token_version !== claims.tokenVersion) return null;
  return { kind: "user", id: claims.userId, organizationId: claims.organizationId, role: user.role, via, tokenVersion: user.token_version };
}

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

function cookie(headerValue: string | undefined, name: string): string | undefined {
  if (!headerValue) return undefined;
  for (const part of headerValue.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join("="));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The claims of the panel's next-auth session (JWT strategy), if it is one this server issued. */
export async function sessionClaims(cookieHeader: string | undefined) {
  for (const name of SESSION_COOKIES) {
    const token = cookie(cookieHeader, name);
    if (!token) continue;
    // next-auth's decoder loads with the first panel session, not at start-up.
    const { decode } = await import("next-auth/jwt");
    const session = await decode({ token, secret: env().AUTH_SECRET }).catch(() => null);
    const { sub, organizationId, tokenVersion } = session ?? {};
    if (typeof sub === "string" && isUuid(sub) && typeof organizationId === "string" && typeof tokenVersion === "number") {
      return { userId: sub, organizationId, tokenVersion };
    }
  }
  return null;
}

async function accessKeyPrincipal(runtime: Runtime, token: string, code: string): Promise<Principal | null> {
  const key = await runtime.credentials.key(token, () =>
    runtime.database.prisma.accessKey.findUnique({
      where: { token },
      select: { id: true, organization_id: true, role: true, code_hash: true },
    }),
  );
  if (!key || !secretMatches(code, key.code_hash)) return null;
  return { kind: "access_key", id: key.id, organizationId: key.organization_id, role: key.role, via: "access_key" };
}

/** An access key found by its code alone (most-sold analysis, contract §2). */
async function accessKeyByCode(runtime: Runtime, code: string): Promise<Principal | null> {
  const key = await runtime.database.prisma.accessKey.findFirst({
    where: { code_hash: hashSecret(code) },
    select: { id: true, organization_id: true, role: true },
  });
  return key ? { kind: "access_key", id: key.id, organizationId: key.organization_id, role: key.role, via: "access_key" } : null;
}

/**
 * Resolves the credentials of a request, or null when there are none valid. Tried in
 * order: bearer token, access key pair, the panel's session cookie.
 */
export async function resolvePrincipal(
  runtime: Runtime,
  headers: RequestHeaders,
  policy: CredentialPolicy = "any",
): Promise<Principal | null> {
  const authorization = header(headers, "authorization");
  if (authorization !== undefined) {
    const [scheme, token, extra] = authorization.split(" ");
    if (scheme?.toLowerCase() !== "bearer" || !token || extra !== undefined) return null;
    const claims = await verifyAccessToken(token);
    return claims ? userPrincipal(runtime, claims, "bearer") : null;
  }
  const keyToken = header(headers, "x-service-access-key-token");
  const keyCode = header(headers, "x-service-access-key-code");
  if (policy !== "bearer-only" && keyToken && keyCode) return accessKeyPrincipal(runtime, keyToken, keyCode);
  if (policy === "bearer-or-code" && keyCode && !keyToken) return accessKeyByCode(runtime, keyCode);
  if (keyToken !== undefined || keyCode !== undefined) return null;
  // The panel's session is a user's credential, like the bearer token.
  const session = await sessionClaims(header(headers, "cookie"));
  return session ? userPrincipal(runtime, session, "session") : null;
}

/**
 * Writes do not trust the credential cache: inside the write's transaction the user or
 * key is read again and share-locked, so a revocation, deactivation, password reset or
 * role change that commits first is seen, and one that comes later waits for the write.
 * Answers the role to authorize with (it may have changed since the cache was filled).
 */
export async function confirmForWrite(tx: Db, principal: Principal): Promise<Role> {
  if (principal.kind === "access_key") {
    const rows = await tx.$queryRaw<Array<{ role: Role }>>`
      SELECT role FROM access_keys WHERE id = ${principal.id}::uuid AND organization_id = ${principal.organizationId}::uuid FOR SHARE`;
    if (!rows[0]) throw new AppError("unauthorized", "Missing or invalid credentials");
    return rows[0].role;
  }
  const rows = await tx.$queryRaw<Array<{ role: Role; active: boolean; token_version: number }>>`
    SELECT role, active, token_version FROM users
    WHERE id = ${principal.id}::uuid AND organization_id = ${principal.organizationId}::uuid FOR SHARE`;
  const user = rows[0];
  if (!user || !user.active || user.token_version !== principal.tokenVersion) {
    throw new AppError("unauthorized", "Missing or invalid credentials");
  }
  return user.role;
}

/**
 * `confirmForWrite` as part of a write's own statement, for a write that one statement
 * makes (server/http/pipeline.ts, `runStatementFirst`): a query that answers one row when
 * the credential still holds and its role is one of `roles`, share-locking the user or key
 * as `confirmForWrite` does. The statement writes only when it answers a row; when it
 * does not, the write goes the usual way, whose `confirmForWrite` says why (401 or 403).
 */
export function credentialGuard(principal: Principal, roles: readonly Role[]): Prisma.Sql {
  const allowed = Prisma.join(roles.map((role) => Prisma.sql`${role}::"Role"`));
  if (principal.kind === "access_key") {
    return Prisma.sql`
      SELECT 1 FROM access_keys
      WHERE id = ${principal.id}::uuid AND organization_id = ${principal.organizationId}::uuid AND role IN (${allowed}) FOR SHARE`;
  }
  return Prisma.sql`
    SELECT 1 FROM users
    WHERE id = ${principal.id}::uuid AND organization_id = ${principal.organizationId}::uuid AND active
      AND token_version = ${principal.tokenVersion ?? null}::int AND role IN (${allowed}) FOR SHARE`;
}
