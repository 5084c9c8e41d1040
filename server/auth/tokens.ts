import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { env } from "../env";
import { isUuid } from "../lib/ids";

const key = () => new TextEncoder().encode(env().AUTH_SECRET);
const AUDIENCE = "b2b-api";

export interface AccessTokenClaims {
  userId: string;
  organizationId: string;
  /** The user's `token_version` when the token was issued: a password reset or a deactivation bumps it. */
  tokenVersion: number;
}

/** The bearer token answered by login: a signed JWT naming the user, the org and the token version. */
export async function issueAccessToken(claims: AccessTokenClaims): Promise<{ token: string; expiresIn: number }> {
  const expiresIn = env().ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ org: claims.organizationId, ver: claims.tokenVersion })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${expiresIn}s`)
    .sign(key());
  return { token, expiresIn };
}

/** Verified tokens until they expire: checking the signature is most of a request's auth cost. */
const verified = new Map<string, AccessTokenClaims & { expiresAt: number }>();

/**
 * The claims of a valid token, or null: a bad signature, another audience, an expired
 * token, a token without `exp`, or claims that are not what this server issues (a
 * subject that is not a user id) are all simply not credentials.
 */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
  const known = verified.get(token);
  if (known) {
    if (known.expiresAt > Date.now()) return known;
    verified.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, key(), {
      audience: AUDIENCE,
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub", "iat"],
    });
    const { sub, org, ver, exp } = payload;
    if (typeof sub !== "string" || !isUuid(sub) || typeof org !== "string" || !isUuid(org)) return null;
    if (typeof ver !== "number" || !Number.isSafeInteger(ver) || typeof exp !== "number") return null;
    const claims = { userId: sub, organizationId: org, tokenVersion: ver, expiresAt: exp * 1000 };
    if (verified.size >= 10_000) verified.clear();
    verified.set(token, claims);
    return claims;
  } catch {
    return null;
  }
}

/** Access key secrets are long random strings: a fast hash is enough and keeps every request cheap. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), "hex");
  const expected = Buffer.from(storedHash, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function randomSecret(bytes = 24): string {
  return randomBytes(bytes).toString("base64url");
}
