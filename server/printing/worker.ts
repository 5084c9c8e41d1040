/**
 * A PDF renderer thread (built into dist/pdf-worker.mjs): renders the orders and DANFEs it is
 * sent, one at a time, off the server's event loop (server/printing/pool.ts).
 */
import { parentPort } from "node:worker_threads";
import { renderPdf, type PdfSubject } from "./render";

export interface PdfJob {
  id: number;
  subject: PdfSubject;
}

export type PdfResult = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on("message", (job: PdfJob) => {
  renderPdf(job.subject).then(
    (pdf) => {
      // A copy of its own, handed over without another copy.
      const bytes = new Uint8Array(pdf);
      parentPort?.postMessage({ id: job.id, pdf: bytes } satisfies PdfResult, [bytes.buffer]);
    },
    (error: unknown) => parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
