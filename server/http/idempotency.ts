import { createHash } from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client";
import { problem, problemResponse } from "./problem";

const TTL_MS = 24 * 60 * 60 * 1000;
const REPLAYED_HEADERS = ["content-type", "location", "retry-after"];

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Keys are per credential: the same key from two callers are two requests. */
function credentialOf(headers: Headers): string {
  return sha256(
    headers.get("authorization") ??
      `${headers.get("x-service-access-key-token") ?? ""}:${headers.get("x-service-access-key-code") ?? ""}:${headers.get("cookie") ?? ""}`,
  );
}

/**
 * Idempotency-Key on writes (contract §6): the first answer to a key is stored; the same
 * key with the same request within 24 hours replays it; with another request it is 422;
 * while the first is still running, 409. Server errors and 429s are not stored, so the
 * caller may retry them.
 */
export async function withIdempotency(
  prisma: PrismaClient,
  request: Request,
  key: string,
  body: string,
  run: () => Promise<Response>,
): Promise<Response> {
  const credential = credentialOf(request.headers);
  const url = new URL(request.url);
  const requestHash = sha256(`${request.method} ${url.pathname}${url.search}\n${body}`);

  const claimed = await prisma.$queryRaw<Array<{ id: string }>>`
    INSERT INTO idempotency_records (id, credential, key, request_hash)
    VALUES (gen_random_uuid(), ${credential}, ${key}, ${requestHash})
    ON CONFLICT (credential, key) DO NOTHING RETURNING id`;

  if (claimed.length === 0) {
    const existing = await prisma.idempotencyRecord.findUnique({ where: { credential_key: { credential, key } } });
    if (!existing) return withIdempotency(prisma, request, key, body, run);
    if (Date.now() - existing.created_at.getTime() > TTL_MS) {
      await prisma.idempotencyRecord.deleteMany({ where: { id: existing.id } });
      return withIdempotency(prisma, request, key, body, run);
    }
    if (existing.request_hash !== requestHash) {
      return problemResponse(
        problem(422, "This Idempotency-Key was already used with a different request", [
          { path: "Idempotency-Key", message: "reused with a different request" },
        ]),
      );
    }
    if (existing.status === null) {
      return problemResponse(problem(409, "A request with this Idempotency-Key is still being processed"));
    }
    return new Response(existing.body ?? null, {
      status: existing.status,
      headers: { ...(existing.headers as Record<string, string>), "idempotent-replayed": "true" },
    });
  }

  const id = claimed[0]!.id;
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await prisma.idempotencyRecord.delete({ where: { id } }).catch(() => undefined);
    throw error;
  }
  if (response.status >= 500 || response.status === 429) {
    await prisma.idempotencyRecord.delete({ where: { id } }).catch(() => undefined);
    return response;
  }
  const text = response.status === 204 ? null : await response.text();
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => REPLAYED_HEADERS.includes(name.toLowerCase())),
  );
  await prisma.idempotencyRecord.update({ where: { id }, data: { status: response.status, headers, body: text } });
  if (Math.random() < 0.01) {
    void prisma.idempotencyRecord
      .deleteMany({ where: { created_at: { lt: new Date(Date.now() - TTL_MS) } } })
      .catch(() => undefined);
  }
  return new Response(text, { status: response.status, headers: response.headers });
}
