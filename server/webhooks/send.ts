import { createHmac, timingSafeEqual } from "node:crypto";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { guardedLookup, hostOf, refusal, type Resolver } from "./address";

/** How much of a receiver's answer is kept with the attempt. */
export const RESPONSE_EXCERPT_CHARS = 500;
const READ_LIMIT_BYTES = 4096;

/** `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (contract §5 Webhooks). */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const digest = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${digest}`;
}

/**
 * What a receiver does with X-Signature: recompute the HMAC of "<t>.<body>" and compare in
 * constant time; `toleranceSeconds` bounds the age of `t` (replays). Exported for the
 * README's example and the tests' receivers.
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  options: { nowSeconds?: number; toleranceSeconds?: number } = {},
): boolean {
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || typeof parts.v1 !== "string") return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - t) > (options.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signatureHeader(secret, body, t).split("v1=")[1]!, "hex");
  const given = Buffer.from(parts.v1, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface Outgoing {
  url: string;
  secret: string;
  body: string;
  deliveryId: string;
  eventType: string;
  unixSeconds: number;
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  resolve: Resolver;
  /** Aborts the request (shutdown). */
  signal?: AbortSignal;
}

export interface Outcome {
  ok: boolean;
  status: number | null;
  /** Why it failed (null on success). */
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
  /** The request was aborted by `signal` (not an attempt to count). */
  aborted: boolean;
}

/**
 * Sends one signed delivery: POST with the JSON body, X-Signature, X-Webhook-Id (the
 * delivery's id, the same on every retry) and X-Webhook-Event. A 2xx is a success;
 * redirects are never followed (a 3xx is a failure naming where it pointed); the whole
 * exchange times out after `timeoutMs`. The connection goes to an address checked
 * against the SSRF rules at this moment (server/webhooks/address.ts).
 */
export function sendDelivery(outgoing: Outgoing, options: SendOptions): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string, status: number | null = null, responseExcerpt: string | null = null, aborted = false): Outcome => ({
    ok: false,
    status,
    error,
    durationMs: elapsed(),
    responseExcerpt,
    aborted,
  });
  let url: URL;
  try {
    url = new URL(outgoing.url);
  } catch {
    return Promise.resolve(failed("the endpoint URL is not valid"));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.resolve(failed("the endpoint URL is not http or https"));
  const host = hostOf(url);
  // A literal address is connected to without a lookup: check it here.
  if (isIP(host) && !options.allowPrivate) {
    const reason = refusal(host, [host]);
    if (reason) return Promise.resolve(failed(`refused: ${reason}`));
  }
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      resolve(outcome);
    };
    const request = send(
      url,
      {
        method: "POST",
        agent: false,
        lookup: guardedLookup(options.resolve, options.allowPrivate),
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(outgoing.body),
          "user-agent": "b2b-webhooks/1",
          "x-webhook-id": outgoing.deliveryId,
          "x-webhook-event": outgoing.eventType,
          "x-signature": signatureHeader(outgoing.secret, outgoing.body, outgoing.unixSeconds),
        },
      },
      (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const excerpt = Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_EXCERPT_CHARS) || null;
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300)
            finish({ ok: true, status, error: null, durationMs: elapsed(), responseExcerpt: excerpt, aborted: false });
          else if (status >= 300 && status < 400) {
            const location = response.headers.location;
            finish(failed(`redirect (${status}${location ? ` to ${location}` : ""}) not followed`, status, excerpt));
          } else finish(failed(`the endpoint answered ${status}`, status, excerpt));
        };
        response.on("data", (chunk: Buffer) => {
          if (size < READ_LIMIT_BYTES) chunks.push(chunk.subarray(0, READ_LIMIT_BYTES - size));
          size += chunk.length;
          // Enough read: the rest of a large answer is not waited for.
          if (size >= READ_LIMIT_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on("end", done);
        response.on("error", () => done());
      },
    );
    const timer = setTimeout(() => {
      finish(failed(`timed out after ${options.timeoutMs} ms`));
      request.destroy();
    }, options.timeoutMs);
    const onAbort = () => {
      finish(failed("aborted (shutting down)", null, null, true));
      request.destroy();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });
    request.on("error", (error: NodeJS.ErrnoException) => {
      const reason = error.code === "EWEBHOOKADDRESS" ? `refused: ${error.message}` : `${error.code ?? "error"}: ${error.message}`;
      finish(failed(reason));
    });
    request.end(outgoing.body);
  });
}
