import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Transform } from "node:stream";
import busboy from "busboy";
import { AppError } from "../errors";
import type { FileStorage } from "../files/storage";
import { cleanString } from "../http/input";
import { safeFileName } from "../files/resource-files/service";
import { MAX_ROWS, type FileEncoding, type FileFormat } from "./reader";

/** Contract §14: a file of at most 20 MiB (413 beyond). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

export interface ImportUpload {
  kind: string | undefined;
  fileName: string;
  key: string;
  size: number;
  sha256: string;
  format: FileFormat;
  encoding: FileEncoding;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);

/**
 * What the bytes of a file are, checked against its name: an `.xlsx` must be a zip, a `.csv`
 * (or `.txt`) text with no NUL byte; an old binary `.xls` or anything else is 422.
 */
function formatOf(fileName: string, head: Buffer, sawNul: boolean): FileFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const refuse = (message: string, code = "invalid_file") => AppError.invalid("file", message, code);
  if (extension === "xlsx" || extension === "xlsm") {
    if (!head.subarray(0, 4).equals(ZIP))
      throw refuse(`“${fileName}” is not an Excel workbook (.xlsx), whatever its name says`, "not_what_its_name_says");
    return "xlsx";
  }
  if (extension === "csv" || extension === "txt") {
    if (head.subarray(0, 4).equals(ZIP) || head.subarray(0, 4).equals(OLE) || sawNul) {
      throw refuse(`“${fileName}” is not a text (CSV) file, whatever its name says`, "not_what_its_name_says");
    }
    return "csv";
  }
  if (extension === "xls") throw refuse("The old Excel format (.xls) is not read: save the sheet as .xlsx or CSV", "unsupported_file_type");
  throw refuse("Send a spreadsheet as .xlsx or .csv", "unsupported_file_type");
}

/**
 * Reads POST /imports' multipart form (`kind`, `file`), storing the file as it arrives and
 * learning on the way what a check needs before any row is parsed: its size (413 past 20 MiB,
 * the rest of the upload dropped), its hash, whether it is UTF-8 (else Windows-1252) and, for a
 * CSV, how many rows it has (422 past 100,000: a quote-aware count of its line breaks).
 */
export function receiveImportUpload(req: IncomingMessage, storage: FileStorage, organizationId: string): Promise<ImportUpload> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (declared > MAX_IMPORT_BYTES + 64 * 1024) {
    return Promise.reject(
      new AppError("payload_too_large", `An import's file may have at most ${MAX_IMPORT_BYTES / 1024 / 1024} MiB`, {
        params: { limit: MAX_IMPORT_BYTES },
      }),
    );
  }
  if (!/^multipart\/form-data\s*;/i.test(req.headers["content-type"] ?? "")) {
    return Promise.reject(
      new AppError("validation_failed", "The request must be multipart/form-data with the fields `kind` and `file`", {
        errors: [{ path: "file", message: "must be sent as multipart/form-data", code: "invalid_content_type" }],
      }),
    );
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: "utf8",
        limits: { files: 1, fileSize: MAX_IMPORT_BYTES + 1, fields: 5, fieldSize: 200, parts: 8 },
      });
    } catch {
      reject(AppError.invalid("file", "is not a valid multipart form", "invalid_multipart"));
      return;
    }
    let kind: string | undefined;
    let failure: Error | undefined;
    let stored: Promise<Omit<ImportUpload, "kind">> | undefined;
    let key: string | undefined;
    let settled = false;
    let cutShort: (() => void) | undefined;
    const fail = (error: Error) => {
      if (failure) return;
      failure = error;
      req.unpipe(parser);
      cutShort?.();
      void finish();
    };
    parser.on("field", (name, value) => {
      if (name === "kind") kind = value.trim();
    });
    parser.on("file", (field, stream, info) => {
      if (field !== "file" || stored || failure) {
        stream.resume();
        return;
      }
      let fileName: string;
      try {
        fileName = safeFileName(cleanString(info.filename ?? "", ["file", "name"]));
      } catch (error) {
        fail(error as Error);
        stream.resume();
        return;
      }
      const id = randomUUID();
      key = `${organizationId}/${id}`;
      const hash = createHash("sha256");
      const utf8 = new TextDecoder("utf-8", { fatal: true });
      let isUtf8 = true;
      let size = 0;
      let head = Buffer.alloc(0);
      let sawNul = false;
      // Rows of a CSV: line breaks outside quotes, on lines with something in them.
      let quoted = false;
      let lineHasText = false;
      let rows = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          size += chunk.byteLength;
          if (head.byteLength < 16) head = Buffer.concat([head, chunk]).subarray(0, 16);
          if (isUtf8) {
            try {
              utf8.decode(chunk, { stream: true });
            } catch {
              isUtf8 = false;
            }
          }
          for (const byte of chunk) {
            if (byte === 0) sawNul = true;
            else if (byte === 0x22) quoted = !quoted;
            else if (byte === 0x0a && !quoted) {
              if (lineHasText) rows++;
              lineHasText = false;
            } else if (byte !== 0x0d && byte !== 0x20 && byte !== 0x3b && byte !== 0x2c && byte !== 0x09) lineHasText = true;
          }
          done(null, chunk);
        },
      });
      meter.on("error", () => undefined);
      cutShort = () => {
        stream.unpipe(meter);
        stream.resume();
        meter.destroy(new Error("upload refused"));
      };
      // A form cut short ends its file part with an error: refused, never an uncaught exception.
      stream.on("error", () =>
        fail(AppError.invalid("file", "is not a whole multipart form (it ends inside the file)", "invalid_multipart")),
      );
      stream.on("limit", () =>
        fail(
          new AppError("payload_too_large", `An import's file may have at most ${MAX_IMPORT_BYTES / 1024 / 1024} MiB`, {
            params: { limit: MAX_IMPORT_BYTES },
          }),
        ),
      );
      const storageKey = key;
      stored = storage.put(storageKey, stream.pipe(meter)).then(() => {
        if (lineHasText) rows++;
        const format = formatOf(fileName, head, sawNul);
        if (format === "csv" && rows - 1 > MAX_ROWS) {
          throw new AppError("validation_failed", `The file has more than ${MAX_ROWS.toLocaleString("en")} rows`, {
            errors: [
              {
                path: "file",
                message: `has more than ${MAX_ROWS} rows`,
                code: "too_many_rows",
                params: { limit: MAX_ROWS, rows: rows - 1 },
              },
            ],
          });
        }
        const encoding: FileEncoding = isUtf8 ? "utf-8" : "windows-1252";
        return { fileName, key: storageKey, size, sha256: hash.digest("hex"), format, encoding };
      });
      // Its failure is reported by `finish`.
      stored.catch(() => undefined);
    });
    parser.on("filesLimit", () => fail(AppError.invalid("file", "send one file", "too_many_files")));
    parser.on("partsLimit", () => fail(new AppError("payload_too_large", "The form has too many parts")));
    parser.on("error", () => fail(AppError.invalid("file", "is not a valid multipart form", "invalid_multipart")));
    async function finish() {
      if (settled) return;
      settled = true;
      let file: Omit<ImportUpload, "kind"> | undefined;
      let error = failure;
      if (stored) {
        try {
          file = await stored;
        } catch (storeError) {
          error ??= storeError as Error;
        }
      }
      if (!error && !file)
        error = new AppError("validation_failed", "No file was sent in the field `file`", {
          errors: [{ path: "file", message: "is required", code: "required" }],
        });
      if (error || !file) {
        if (key) await storage.remove(key).catch(() => undefined);
        reject(error);
        return;
      }
      resolve({ ...file, kind });
    }
    parser.on("close", () => void finish());
    req.on("aborted", () => fail(new AppError("bad_request", "The upload was interrupted")));
    req.pipe(parser);
  });
}
