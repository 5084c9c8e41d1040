import type { IncomingMessage } from "node:http";
import { AppError } from "../errors";

/** Request bodies above this (uploads have their own limits) are refused: 413 (contract §6). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What a refused body may still send after the answer: read and dropped (contract §9). */
export const MAX_DISCARDED_BYTES = 16 * 1024 * 1024;
/** How long a client may take to send that rest: a refusal never holds a connection longer. */
const DISCARD_TIMEOUT_MS = 10_000;

/**
 * After an answer sent before the request's body was read whole (a 413, a refused
 * upload, any early answer): reads and drops the rest, up to 16 MiB, so a client still
 * sending sees the answer rather than a reset connection (EPIPE). Beyond that, or when
 * the rest takes more than 10 s to arrive, the connection closes.
 */
export function discardRest(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  let left = MAX_DISCARDED_BYTES;
  const close = () => req.socket.destroy();
  const timer = setTimeout(close, DISCARD_TIMEOUT_MS);
  timer.unref();
  req.on("data", (chunk: Buffer) => {
    left -= chunk.byteLength;
    if (left < 0) {
      clearTimeout(timer);
      close();
    }
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

/** A body refused before it was read whole (what is left is discarded once answered: `discardRest`). */
export class BodyTooLarge extends AppError {
  constructor(limit: number) {
    super("payload_too_large", `The request body exceeds ${limit} bytes`);
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * Step 1 of the pipeline: the body as text, at most `limit` bytes (413 as soon as the
 * declared length or the bytes read pass it), and valid UTF-8 (422: a silent U+FFFD
 * would store something the client never sent).
 */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > limit) throw new BodyTooLarge(limit);
  // Listeners, not `for await`: leaving an async iterator early destroys the socket,
  // and the 413 could not be sent.
  const chunks: Buffer[] = [];
  let size = 0;
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      cleanup();
      req.pause();
      reject(new BodyTooLarge(limit));
    };
    const onEnd = () => {
      cleanup();
      resolve();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
  if (size === 0) return "";
  try {
    return utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
  } catch {
    throw new AppError("validation_failed", "The request body is not valid UTF-8 text", {
      errors: [{ path: "(body)", message: "is not valid UTF-8", code: "invalid_encoding" }],
    });
  }
}
