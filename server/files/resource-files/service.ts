import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Readable, Transform } from "node:stream";
import busboy from "busboy";
import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { afterCommit, afterRollback } from "../../db/transaction";
import { AppError, type FieldError } from "../../errors";
import type { ResourceFile } from "../../generated/prisma/client";
import { cleanString } from "../../http/input";
import { isUuid } from "../../lib/ids";
import { env } from "../../env";
import { log } from "../../log";
import type { FileStorage } from "../storage";

/** Contract §5: 1 to 10 files, 10 MiB each (more is 413). */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** The whole multipart request: the files plus their part headers. */
const MAX_UPLOAD_BYTES = MAX_FILES * MAX_FILE_BYTES + 1024 * 1024;

/** Types told by the bytes themselves: what a client declares is never trusted for these. */
const SIGNATURES: Array<{ type: string; matches: (head: Buffer) => boolean }> = [
  { type: "image/png", matches: (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: "image/jpeg", matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
  { type: "image/gif", matches: (head) => /^GIF8[79]a/.test(head.subarray(0, 6).toString("latin1")) },
  {
    type: "image/webp",
    matches: (head) => head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP",
  },
  { type: "application/pdf", matches: (head) => head.subarray(0, 5).toString("latin1") === "%PDF-" },
];

/** Declared types kept as declared (served as downloads): data formats staff attach, nothing a browser runs. */
const SAFE_DECLARED = new Set(["text/plain", "text/csv", "application/xml", "text/xml", "application/json", "application/zip"]);

/** Every content type a stored file may have, as it is served. */
export const STORED_TYPES = [...SIGNATURES.map((signature) => signature.type), ...SAFE_DECLARED, "application/octet-stream"];

/** Shown in the browser (sandboxed); everything else — SVG and HTML included — is a download. */
export const INLINE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"]);

/** Images a product or brand may show: the ones browsers render as pictures, nothing that runs. */
export const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

/**
 * Where a file is served, with no credentials: the org's id rides along (contract §2).
 * Relative to the API's host unless PUBLIC_URL says where that is.
 */
export function resourceFileUrl(organizationId: string, fileId: string): string {
  return `${env().PUBLIC_URL ?? ""}/api/b2b/resource-files/${fileId}?organization_id=${organizationId}`;
}

/**
 * What is wrong with image references of a write (a product's, a brand's or a category's
 * images): a file of another org or no file at all is `not_found_reference`, a file that is
 * not a picture browsers show is `not_an_image` (contract §5: 422).
 */
export async function imageReferenceErrors(db: Db, references: Array<{ path: string; id: string }>): Promise<FieldError[]> {
  if (references.length === 0) return [];
  const ids = [...new Set(references.map((reference) => reference.id))];
  const files = await db.resourceFile.findMany({ where: { id: { in: ids.filter(isUuid) } }, select: { id: true, content_type: true } });
  const typeOf = new Map(files.map((file) => [file.id, file.content_type]));
  return references.flatMap(({ path, id }): FieldError[] => {
    const type = typeOf.get(id);
    if (type === undefined) return [{ path, message: "no file with this id exists", code: "not_found_reference" }];
    if (!IMAGE_TYPES.has(type)) return [{ path, message: "must be an image (PNG, JPEG, GIF or WebP)", code: "not_an_image" }];
    return [];
  });
}

/** Records that show or attach the file: a delete while any do is 409 naming them. */
async function usesOf(db: Db, id: string): Promise<Array<[string, number]>> {
  const image = { array_contains: [{ resource_file_id: id }] };
  const counts = await Promise.all([
    db.product.count({ where: { images: image } }).then((count) => ["products", count] as [string, number]),
    db.brand.count({ where: { images: image } }).then((count) => ["brands", count] as [string, number]),
    db.category.count({ where: { image_resource_id: id } }).then((count) => ["categories", count] as [string, number]),
    db.orderAttachment.count({ where: { file_id: id } }).then((count) => ["order attachments", count] as [string, number]),
    db.orderInvoice
      .count({ where: { OR: [{ xml_resource_id: id }, { danfe_resource_id: id }] } })
      .then((count) => ["order invoices", count] as [string, number]),
    db.financial
      .count({ where: { OR: [{ billet_resource_file_id: id }, { pix_resource_file_id: id }, { attachments: { some: { file_id: id } } }] } })
      .then((count) => ["financial records", count] as [string, number]),
  ]);
  return counts.filter(([, count]) => count > 0);
}

export function contentTypeOf(head: Buffer, declared: string): string {
  const known = SIGNATURES.find((signature) => signature.matches(head));
  if (known) return known.type;
  const type = declared.split(";")[0]?.trim().toLowerCase() ?? "";
  return SAFE_DECLARED.has(type) ? type : "application/octet-stream";
}

/** A name safe to store and to send back: no path, no control characters, at most 255 characters. */
export function safeFileName(name: string | undefined): string {
  const base = (name ?? "").split(/[/\\]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 255);
  return clean === "" || clean === "." || clean === ".." ? "file" : clean.normalize("NFC");
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(type: string, fileName: string): string {
  const kind = INLINE_TYPES.has(type) ? "inline" : "attachment";
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

interface Received {
  id: string;
  key: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * Reads a multipart upload (field `files`), storing each file as it arrives: 413 beyond
 * 10 files or 10 MiB a file, 422 for anything that is not a multipart form or has no
 * file. What was stored of a refused upload is removed.
 */
export function receiveUpload(req: IncomingMessage, storage: FileStorage, organizationId: string): Promise<Received[]> {
  const declaredLength = Number(req.headers["content-length"] ?? "0");
  if (declaredLength > MAX_UPLOAD_BYTES) {
    return Promise.reject(
      new AppError("payload_too_large", `An upload may have at most ${MAX_FILES} files of ${MAX_FILE_BYTES / 1024 / 1024} MiB`),
    );
  }
  if (!/^multipart\/form-data\s*;/i.test(req.headers["content-type"] ?? "")) {
    return Promise.reject(
      new AppError("validation_failed", "The request must be multipart/form-data with the files in the field `files`", {
        errors: [{ path: "files", message: "must be sent as multipart/form-data", code: "invalid_content_type" }],
      }),
    );
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: "utf8",
        // busboy reports the limit once a file reaches it: one byte more, so exactly 10 MiB is accepted.
        limits: { files: MAX_FILES, fileSize: MAX_FILE_BYTES + 1, fields: 20, fieldSize: 1024, parts: MAX_FILES + 20 },
      });
    } catch {
      reject(AppError.invalid("files", "is not a valid multipart form", "invalid_multipart"));
      return;
    }
    const received: Received[] = [];
    const writes: Array<Promise<void>> = [];
    /** The key of every file begun, stored whole or not: a refused upload removes them all. */
    const begun: string[] = [];
    /** Each file being written: its part of the form and the meter feeding the storage. */
    const streaming = new Set<{ destroy(): void }>();
    let failure: Error | undefined;
    let settled = false;
    // A refused upload stops being parsed: the files being written are cut short, and what
    // the client still sends is read and dropped once answered (server/http/body.ts).
    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      req.unpipe(parser);
      for (const file of streaming) file.destroy();
      void finish();
    };

    parser.on("file", (field, stream, info) => {
      if (field !== "files" || failure) {
        stream.resume();
        return;
      }
      let fileName: string;
      try {
        fileName = safeFileName(cleanString(info.filename ?? "", ["files", received.length, "name"]));
      } catch (error) {
        fail(error as Error);
        stream.resume();
        return;
      }
      const id = randomUUID();
      const key = `${organizationId}/${id}`;
      const hash = createHash("sha256");
      let size = 0;
      let head = Buffer.alloc(0);
      // Measures the bytes on their way to the storage (a `data` listener would start the
      // flow before the storage is ready to take it).
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.byteLength;
          if (head.byteLength < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
          done(null, chunk);
        },
      });
      // Its failure is the storage write's (below); a meter cut short before that began has no other listener.
      meter.on("error", () => undefined);
      const writing = {
        destroy: () => {
          stream.unpipe(meter);
          stream.resume();
          // With an error: a pipeline whose source merely closes may wait for its sink for ever.
          meter.destroy(new Error("upload refused"));
        },
      };
      streaming.add(writing);
      meter.once("close", () => streaming.delete(writing));
      // A form cut short ends its file part with an error: refused, never an uncaught exception.
      stream.on("error", () =>
        fail(AppError.invalid("files", "is not a whole multipart form (it ends inside a file)", "invalid_multipart")),
      );
      stream.on("limit", () =>
        fail(new AppError("payload_too_large", `Each file may have at most ${MAX_FILE_BYTES / 1024 / 1024} MiB; "${fileName}" has more`)),
      );
      const index = writes.length;
      begun.push(key);
      writes.push(
        storage.put(key, stream.pipe(meter)).then(() => {
          received[index] = { id, key, fileName, contentType: contentTypeOf(head, info.mimeType), size, sha256: hash.digest("hex") };
        }),
      );
    });
    parser.on("filesLimit", () => fail(new AppError("payload_too_large", `An upload may have at most ${MAX_FILES} files`)));
    parser.on("partsLimit", () => fail(new AppError("payload_too_large", "The form has too many parts")));
    parser.on("error", () => fail(AppError.invalid("files", "is not a valid multipart form", "invalid_multipart")));
    async function finish() {
      if (settled) return;
      settled = true;
      const results = await Promise.allSettled(writes);
      const writeError = results.find((result) => result.status === "rejected");
      if (failure || writeError) {
        await Promise.all(begun.map((key) => storage.remove(key).catch(() => undefined)));
        reject(failure ?? (writeError as PromiseRejectedResult).reason);
        return;
      }
      const stored = received.filter(Boolean);
      if (stored.length === 0) {
        reject(
          new AppError("validation_failed", "No file was sent: the field `files` needs 1 to 10 files", {
            errors: [{ path: "files", message: "is required", code: "required" }],
          }),
        );
        return;
      }
      resolve(stored);
    }
    parser.on("close", () => void finish());
    req.on("aborted", () => fail(new AppError("bad_request", "The upload was interrupted")));
    req.pipe(parser);
  });
}

/** Stores the rows of received files, in the write's transaction; the bytes go if it rolls back. */
export async function saveUploads(db: Db, files: Received[]): Promise<Array<{ id: string; fileName: string }>> {
  await db.resourceFile.createMany({
    data: files.map((file) => ({
      id: file.id,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      storage_key: file.key,
    })) as never,
  });
  for (const file of files) {
    await recordAudit(db, {
      action: "create",
      entity: "resource_file",
      entityId: file.id,
      label: file.fileName,
      after: { file_name: file.fileName, content_type: file.contentType, size: file.size },
    });
  }
  return files.map((file) => ({ id: file.id, fileName: file.fileName }));
}

export async function findResourceFile(db: Db, id: string): Promise<ResourceFile> {
  const file = isUuid(id) ? await db.resourceFile.findUnique({ where: { id } }) : null;
  if (!file) throw AppError.notFound("Resource file");
  return file;
}

/** Deletes the record; the bytes are removed once the deletion commits. */
export async function removeResourceFile(db: Db, storage: FileStorage, id: string): Promise<void> {
  const file = await findResourceFile(db, id);
  const uses = await usesOf(db, id);
  if (uses.length > 0) {
    throw new AppError(
      "in_use",
      `The file "${file.file_name}" is still used by ${uses.map(([what, count]) => `${count} ${what}`).join(" and ")}`,
      { params: { usages: Object.fromEntries(uses) } },
    );
  }
  await db.resourceFile.delete({ where: { id } });
  await recordAudit(db, {
    action: "delete",
    entity: "resource_file",
    entityId: id,
    label: file.file_name,
    before: { file_name: file.file_name, content_type: file.content_type, size: file.size },
  });
  afterCommit(db, () => {
    storage
      .remove(file.storage_key)
      .catch((error: unknown) => log().warn({ err: error, key: file.storage_key }, "a deleted file's bytes could not be removed"));
  });
}

/**
 * A file the server makes (an NF-e's XML, an event's): its bytes stored and its row written in the
 * write's transaction, the bytes removed again if that transaction rolls back.
 */
export async function storeGeneratedFile(
  db: Db,
  storage: FileStorage,
  file: { fileName: string; contentType: (typeof STORED_TYPES)[number]; bytes: Buffer },
): Promise<{ id: string }> {
  const id = randomUUID();
  const key = `${db.$organizationId}/${id}`;
  await storage.put(key, Readable.from([file.bytes]));
  afterRollback(db, () => {
    storage.remove(key).catch((error: unknown) => log().warn({ err: error, key }, "a rolled-back file's bytes could not be removed"));
  });
  await db.resourceFile.create({
    data: {
      id,
      organization_id: db.$organizationId,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.bytes.byteLength,
      sha256: createHash("sha256").update(file.bytes).digest("hex"),
      storage_key: key,
    },
    select: { id: true },
  });
  return { id };
}

/** A stored file's bytes as text (a generated XML); 404 when its row or its bytes are gone. */
export async function readStoredText(db: Db, storage: FileStorage, id: string): Promise<string> {
  const file = await findResourceFile(db, id);
  const body = await storage.get(file.storage_key);
  if (!body) throw AppError.notFound("Resource file");
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}
