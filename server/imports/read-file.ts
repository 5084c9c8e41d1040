import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { ReadProblem, type FileEncoding, type FileFormat, type FileRow } from "./reader";
import type { FromReader, ToReader } from "./reader-worker";

/**
 * Reads an import's file in a worker thread (contract §14): unzipping an `.xlsx` and parsing
 * 50,000 rows is seconds of CPU that must not stop the server answering. The worker's heap is
 * capped and its time limited, so a zip bomb or a file built to exhaust the parser ends that
 * worker (the import FAILED, "unreadable"), never the server.
 *
 * The built server runs dist/import-worker.mjs beside it; from the sources (`npm run dev`, the
 * tests) the TypeScript worker runs through tsx.
 */
const HEAP_MB = 128;
export const READ_TIMEOUT_MS = 10 * 60_000;

function startWorker(): Worker {
  const entry = process.argv[1];
  const built = entry ? path.join(path.dirname(entry), "import-worker.mjs") : undefined;
  const limits = { resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 } };
  if (built && existsSync(built)) return new Worker(built, limits);
  // From the sources: tsx compiles the worker's TypeScript in the worker's own thread.
  const source = JSON.stringify(new URL("./reader-worker.ts", import.meta.url).href);
  return new Worker(`import("tsx/esm/api").then(({ tsImport }) => tsImport(${source}, ${source}));`, { ...limits, eval: true });
}

/** The file's rows in batches, header first; throws `ReadProblem` for a file that cannot be read or breaks a limit. */
export async function* readFileRows(
  body: AsyncIterable<Buffer | Uint8Array>,
  format: FileFormat,
  encoding: FileEncoding,
  timeoutMs = READ_TIMEOUT_MS,
): AsyncGenerator<FileRow[]> {
  const worker = startWorker();
  const inbox: FromReader[] = [];
  let waiting: (() => void) | undefined;
  let crashed: ReadProblem | undefined;
  const deliver = () => {
    waiting?.();
    waiting = undefined;
  };
  worker.on("message", (message: FromReader) => {
    inbox.push(message);
    deliver();
  });
  worker.on("error", (error: Error & { code?: string }) => {
    crashed =
      error.code === "ERR_WORKER_OUT_OF_MEMORY"
        ? new ReadProblem("unreadable_file", "The file needs more memory to read than an import may take (is it a zip bomb?)")
        : new ReadProblem("unreadable_file", `The file could not be read (${error.message})`);
    deliver();
  });
  worker.on("exit", () => {
    crashed ??= new ReadProblem("unreadable_file", "The file could not be read");
    deliver();
  });
  const timer = setTimeout(() => {
    crashed = new ReadProblem("unreadable_file", `Reading the file took more than ${timeoutMs / 60_000} minutes`);
    void worker.terminate();
  }, timeoutMs);
  const post = (message: ToReader, transfer: ArrayBuffer[] = []) => worker.postMessage(message, transfer);
  const feeding = (async () => {
    post({ type: "start", format, encoding });
    for await (const chunk of body) {
      const bytes = Uint8Array.from(chunk);
      post({ type: "chunk", bytes }, [bytes.buffer]);
    }
    post({ type: "end" });
  })();
  feeding.catch(() => {
    crashed ??= new ReadProblem("unreadable_file", "The stored file could not be read");
    deliver();
  });
  try {
    for (;;) {
      const message = inbox.shift();
      if (!message) {
        if (crashed) throw crashed;
        await new Promise<void>((resolve) => (waiting = resolve));
        continue;
      }
      if (message.type === "rows") {
        yield message.rows;
        post({ type: "more" });
      } else if (message.type === "done") return;
      else throw new ReadProblem(message.code as ReadProblem["code"], message.message, message.params);
    }
  } finally {
    clearTimeout(timer);
    worker.removeAllListeners("exit");
    await worker.terminate();
  }
}
