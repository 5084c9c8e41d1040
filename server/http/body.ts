import type { IncomingMessage } from "node:http";
import { AppError } from "../errors";

/** Request bodies above this (uploads have their own limits) are refused: 413 (contract §6). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** A body refused before it was read whole: the connection must close (the rest is never read). */
export class BodyTooLarge extends AppError {
  constructor(limit: number) {
    super("PAYLOAD_TOO_LARGE", `The request body exceeds ${limit} bytes`);
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
    throw new AppError("VALIDATION", "The request body is not valid UTF-8 text", {
      errors: [{ path: "(body)", message: "is not valid UTF-8", code: "invalid_encoding" }],
    });
  }
}
