import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { AppError } from "../errors";
import { log } from "../log";
import type { PdfSubject } from "./render";
import type { PdfJob, PdfResult } from "./worker";
import type { OrderDetail } from "../orders/orders/schemas";

/**
 * Order PDFs are rendered off the event loop (issue 30): a 300-item order takes a second or
 * more of CPU, and while the server rendered on its own thread every other request waited.
 * A small pool of worker threads (one per spare core, at most 2) renders one order each;
 * up to 8 more wait their turn, and beyond that the print is refused at once with 503 and
 * `Retry-After` rather than queued without end. A render that takes more than 60 s is
 * stopped (its worker replaced) and answered 503.
 *
 * The workers run the built renderer, dist/pdf-worker.mjs, next to the built server. From
 * the sources (`npm run dev`, the tests) there is no such file, and the PDF is rendered in
 * the process as before.
 */
const WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
const MAX_WAITING = 8;
const RENDER_TIMEOUT_MS = 60_000;
const RETRY_AFTER_SECONDS = 5;

interface Job {
  subject: PdfSubject;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  busy?: { id: number; job: Job; timer: NodeJS.Timeout };
}

function workerScript(): string | undefined {
  const entry = process.argv[1];
  if (!entry) return undefined;
  const script = path.join(path.dirname(entry), "pdf-worker.mjs");
  return existsSync(script) ? script : undefined;
}

const busyError = () =>
  new AppError("busy", "Too many PDFs are being rendered right now; retry in a few seconds", {
    retryAfter: RETRY_AFTER_SECONDS,
  });

function createPool(script: string) {
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let nextId = 1;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(script) };
    slot.worker.unref();
    slot.worker.on("message", (result: PdfResult) => {
      const busy = slot.busy;
      if (!busy || busy.id !== result.id) return;
      clearTimeout(busy.timer);
      slot.busy = undefined;
      if ("pdf" in result) busy.job.resolve(Buffer.from(result.pdf.buffer, result.pdf.byteOffset, result.pdf.byteLength));
      else busy.job.reject(new Error(`the PDF could not be rendered: ${result.error}`));
      next();
    });
    slot.worker.on("error", (error) => log().error({ err: error }, "a PDF worker failed"));
    slot.worker.on("exit", () => {
      // Crashed or stopped: its job fails, another worker takes its place.
      const index = slots.indexOf(slot);
      if (index !== -1) slots.splice(index, 1);
      if (slot.busy) {
        clearTimeout(slot.busy.timer);
        slot.busy.job.reject(busyError());
        slot.busy = undefined;
      }
      next();
    });
    slots.push(slot);
    return slot;
  }

  function next(): void {
    while (waiting.length > 0) {
      const slot = slots.find((candidate) => !candidate.busy) ?? (slots.length < WORKERS ? spawn() : undefined);
      if (!slot) return;
      const job = waiting.shift()!;
      const id = nextId++;
      const timer = setTimeout(() => {
        log().warn({ kind: job.subject.kind }, "a PDF took too long to render: its worker is replaced");
        void slot.worker.terminate();
      }, RENDER_TIMEOUT_MS);
      slot.busy = { id, job, timer };
      slot.worker.postMessage({ id, subject: job.subject } satisfies PdfJob);
    }
  }

  return {
    render(subject: PdfSubject): Promise<Buffer> {
      const running = slots.filter((slot) => slot.busy).length;
      if (running >= WORKERS && waiting.length >= MAX_WAITING) return Promise.reject(busyError());
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ subject, resolve, reject });
        next();
      });
    },
  };
}

let pool: ReturnType<typeof createPool> | undefined;
let checked = false;

/** The PDF bytes of an order or a DANFE, rendered by the pool (or in the process, from the sources). */
export async function renderPdfOffThread(subject: PdfSubject): Promise<Buffer> {
  if (!checked) {
    checked = true;
    const script = workerScript();
    if (script) pool = createPool(script);
  }
  if (pool) return pool.render(subject);
  // The PDF renderer (React PDF, fonts) loads on the first print, not at start-up.
  const { renderPdf } = await import("./render");
  return renderPdf(subject);
}

export const renderOrderPdfOffThread = (order: OrderDetail) => renderPdfOffThread({ kind: "order", order });
