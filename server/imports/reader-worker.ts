import { parentPort } from "node:worker_threads";
import { readRows, ReadProblem, type FileEncoding, type FileFormat } from "./reader";

/**
 * The import reader's thread (server/imports/read-file.ts starts it): the file's bytes come in
 * as messages, its rows go out in batches, one batch at a time — the next is read only when the
 * main thread asks for it, so rows never pile up ahead of the checks.
 */
export type ToReader =
  { type: "start"; format: FileFormat; encoding: FileEncoding } | { type: "chunk"; bytes: Uint8Array } | { type: "end" } | { type: "more" };

export type FromReader =
  | { type: "rows"; rows: Array<{ line: number; cells: string[] }> }
  | { type: "done" }
  | { type: "failed"; code: string; message: string; params: Record<string, unknown> };

const port = parentPort;
if (port) {
  const chunks: Buffer[] = [];
  let ended = false;
  let wake: (() => void) | undefined;
  let asked: (() => void) | undefined;
  const source = async function* (): AsyncGenerator<Buffer> {
    for (;;) {
      const chunk = chunks.shift();
      if (chunk) yield chunk;
      else if (ended) return;
      else await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const send = (message: FromReader) => port.postMessage(message);
  port.on("message", (message: ToReader) => {
    if (message.type === "chunk") chunks.push(Buffer.from(message.bytes));
    else if (message.type === "end") ended = true;
    else if (message.type === "more") {
      asked?.();
      asked = undefined;
      return;
    } else {
      void (async () => {
        try {
          for await (const rows of readRows(source(), message.format, message.encoding)) {
            await new Promise<void>((resolve) => {
              asked = resolve;
              send({ type: "rows", rows });
            });
          }
          send({ type: "done" });
        } catch (error) {
          const problem = error instanceof ReadProblem ? error : new ReadProblem("unreadable_file", "The file could not be read");
          send({ type: "failed", code: problem.code, message: problem.message, params: problem.params });
        }
      })();
      return;
    }
    wake?.();
    wake = undefined;
  });
}
