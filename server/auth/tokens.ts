import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { env } from "../env";

const key = () => new TextEncoder().encode(env().AUTH_SECRET);
const AUDIENCE = "b2b-api";

export interface AccessTokenClaims {
  userId: string;
  organizationId: string;
}

/** The bearer token answered by login: a signed JWT naming the user and the org. */
export async function issueAccessToken(claims: AccessTokenClaims): Promise<{ token: string; expiresIn: number }> {
  const expiresIn = env().ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ org: claims.organizationId })
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

export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
  const known = verified.get(token);
  if (known && known.expiresAt > Date.now()) return { userId: known.userId, organizationId: known.organizationId };
  try {
    const { payload } = await jwtVerify(token, key(), { audience: AUDIENCE, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.org !== "string") return null;
    const claims = { userId: payload.sub, organizationId: payload.org };
    if (verified.size >= 10_000) verified.clear();
    verified.set(token, { ...claims, expiresAt: (payload.exp ?? 0) * 1000 });
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
