import { recordAudit } from "../../audit/service";
import type { Db } from "../../db/scoped";
import { scopedQuery } from "../../db/sql";
import { AppError } from "../../errors";
import { Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import type { CaptureInput, SalePaymentDetail } from "../sales/schemas";
import { scopeWhere, type OrderScope } from "../../auth/scope";
import { getSale } from "../sales/service";
import { gatewayNamed } from "./gateways";

/**
 * PUT /sales/capture (contract §5 "Sale capture"): captures the sale's card payment (the
 * first one when `payment_id` is absent) through its gateway adapter. The payment is
 * claimed by a conditional `UPDATE … WHERE captured_at IS NULL RETURNING`: concurrent
 * captures of one payment wait on its row, and only the first finds it uncaptured — that
 * one answers the payment (200), every other `null` (204). A gateway that refuses throws,
 * and the claim rolls back with the request's transaction. A SELLER captures only its own
 * seller's sales (another's is 404).
 */
export async function captureSale(db: Db, scope: OrderScope, input: CaptureInput): Promise<SalePaymentDetail | null> {
  const sale = isUuid(input.sale_id)
    ? await db.sale.findFirst({
        where: { id: input.sale_id, ...scopeWhere(scope) },
        select: {
          id: true,
          payments: { orderBy: { position: "asc" }, select: { id: true, gateway: true, amount: true, transaction_id: true } },
        },
      })
    : null;
  if (!sale) throw AppError.notFound("Sale");
  const cardPayments = sale.payments.filter((payment) => payment.gateway !== null);
  const payment = input.payment_id ? cardPayments.find((candidate) => candidate.id === input.payment_id) : cardPayments[0];
  if (!payment?.gateway) {
    throw new AppError(
      "no_card_payment",
      input.payment_id ? "The payment is not a card payment of this sale" : "The sale has no card payment",
      {},
    );
  }
  const gateway = gatewayNamed(payment.gateway);
  if (!gateway) throw new AppError("no_gateway", `No capture gateway "${payment.gateway}" is installed`);
  const claimed = await scopedQuery<{ captured_at: Date }>(
    db,
    (organization) => Prisma.sql`
      UPDATE sale_payments SET captured_at = now()
      WHERE organization_id = ${organization} AND id = ${payment.id}::uuid AND captured_at IS NULL
      RETURNING captured_at`,
  );
  if (claimed.length === 0) return null;
  const result = await gateway.capture({
    organizationId: db.$organizationId,
    saleId: sale.id,
    paymentId: payment.id,
    amount: payment.amount.toFixed(2),
    transactionId: payment.transaction_id,
  });
  await db.salePayment.update({ where: { id: payment.id }, data: { capture_reference: result.reference } });
  await recordAudit(db, {
    action: "capture",
    entity: "sale",
    entityId: sale.id,
    after: { payment_id: payment.id, gateway: gateway.name, capture_reference: result.reference },
  });
  const detail = await getSale(db, scope, sale.id);
  const captured = detail.payments.find((candidate) => candidate.id === payment.id);
  if (!captured) throw AppError.notFound("Payment");
  return captured;
}
