/**
 * What the PDF renderer threads render (server/printing/pool.ts): an order or a DANFE,
 * with React PDF loaded on the first print.
 */
import type { DanfeInput } from "../fiscal/nfe/danfe";
import type { OrderDetail } from "../orders/orders/schemas";

export type PdfSubject = { kind: "order"; order: OrderDetail } | { kind: "danfe"; danfe: DanfeInput };

/** Renders one subject (in the calling thread). */
export async function renderPdf(subject: PdfSubject): Promise<Buffer> {
  if (subject.kind === "danfe") {
    const { renderDanfe } = await import("../fiscal/nfe/danfe");
    return renderDanfe(subject.danfe);
  }
  const { renderOrderPdf } = await import("../orders/orders/pdf");
  return renderOrderPdf(subject.order);
}
