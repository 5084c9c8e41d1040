import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "../env";

/** AES-256-GCM with a key derived from APP_ENCRYPTION_KEY: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
function key(): Buffer {
  return createHash("sha256").update(env().APP_ENCRYPTION_KEY).digest();
}

export function encrypt(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

export function decrypt(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("unknown encryption format");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}

/**
 * Every character but the last four replaced by `*` (contract §2). A secret of four
 * characters or fewer would show whole: it is masked entirely.
 */
export function mask(secret: string): string {
  if (secret.length <= 4) return "*".repeat(secret.length);
  return "*".repeat(secret.length - 4) + secret.slice(-4);
}
