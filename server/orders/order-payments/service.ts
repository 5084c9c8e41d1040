import { randomUUID } from "node:crypto";
import type { Db } from "../../db/scoped";
import { AppError } from "../../errors";
import type { OrderPayment as OrderPaymentRow } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { paginate, sortByColumns, type Page } from "../../lib/paging";
import type { OrderPaymentInput } from "../orders/schemas";
import type { OrderScope } from "../../auth/scope";
import { findVisibleOrder } from "../orders/service";
import { changeOrderPayments } from "../orders/write-order";
import type { OrderPayment, OrderPaymentCreate, OrderPaymentListInput, OrderPaymentUpdate } from "./schemas";

/**
 * Order payments (interface "Order payments", contract §7): 404 unless the order is the
 * org's (and the caller's, for a SELLER). A change is a change of the order's payments,
 * written by the order writer (server/orders/orders/write-order.ts): under the order's lock,
 * the payment method of the org and the installment rule (422), 409 from INVOICED on, an
 * `order.updated` event. Its errors name this endpoint's fields (`installments`, not
 * `payments.2.installments`).
 */

function toPayment(row: OrderPaymentRow): OrderPayment {
  return {
    id: row.id,
    order_id: row.order_id,
    payment_method_id: row.payment_method_id,
    amount: Number(row.amount.toString()),
    installments: row.installments,
    installment_id: row.installment_id,
    transaction_id: row.transaction_id,
    attributes: row.attributes as Record<string, unknown>,
    created_at: row.created_at.toISOString(),
  };
}

async function findPayment(db: Db, orderId: string, id: string): Promise<OrderPaymentRow> {
  const row = isUuid(id) ? await db.orderPayment.findFirst({ where: { id, order_id: orderId } }) : null;
  if (!row) throw AppError.notFound("Payment");
  return row;
}

/** The order's payments changed as `change` says; the writer's errors about the changed payment (at `index`) named as this endpoint's fields. */
async function change(
  db: Db,
  scope: OrderScope,
  orderId: string,
  index: (payments: OrderPaymentInput[]) => number,
  edit: (payments: OrderPaymentInput[]) => OrderPaymentInput[],
) {
  let at = -1;
  try {
    await changeOrderPayments(db, scope, orderId, (payments) => {
      at = index(payments);
      return edit(payments);
    });
  } catch (error) {
    const prefix = `payments.${at}.`;
    if (!(error instanceof AppError) || !error.errors?.some((entry) => entry.path.startsWith(prefix))) throw error;
    const errors = error.errors.map((entry) =>
      entry.path.startsWith(prefix) ? { ...entry, path: entry.path.slice(prefix.length) } : entry,
    );
    throw new AppError(error.code, errors.map((entry) => `${entry.path}: ${entry.message}`).join("; "), { errors });
  }
}

export async function listOrderPayments(db: Db, scope: OrderScope, input: OrderPaymentListInput): Promise<Page<OrderPayment>> {
  const order = await findVisibleOrder(db, scope, input.order_id);
  return paginate(db.orderPayment, input, {
    where: { order_id: order.id },
    sortable: sortByColumns(["id", "amount", "installments", "created_at"]),
    defaultSort: "created_at",
    toItem: toPayment,
  });
}

export async function getOrderPayment(db: Db, scope: OrderScope, orderId: string, id: string): Promise<OrderPayment> {
  const order = await findVisibleOrder(db, scope, orderId);
  return toPayment(await findPayment(db, order.id, id));
}

export async function createOrderPayment(db: Db, scope: OrderScope, orderId: string, input: OrderPaymentCreate): Promise<OrderPayment> {
  const order = await findVisibleOrder(db, scope, orderId);
  if (input.id && (await db.orderPayment.count({ where: { id: input.id } }))) {
    throw new AppError("conflict", "A payment with this id already exists", {
      errors: [{ path: "id", message: "is already used", code: "duplicate" }],
    });
  }
  const id = input.id ?? randomUUID();
  await change(
    db,
    scope,
    order.id,
    (payments) => payments.length,
    (payments) => [
      ...payments,
      { ...input, id, installment_id: input.installment_id ?? null, transaction_id: input.transaction_id ?? null },
    ],
  );
  return toPayment(await findPayment(db, order.id, id));
}

export async function updateOrderPayment(
  db: Db,
  scope: OrderScope,
  orderId: string,
  id: string,
  input: OrderPaymentUpdate,
): Promise<OrderPayment> {
  const order = await findVisibleOrder(db, scope, orderId);
  await findPayment(db, order.id, id);
  await change(
    db,
    scope,
    order.id,
    (payments) => payments.findIndex((payment) => payment.id === id),
    (payments) =>
      payments.map((payment) =>
        payment.id === id
          ? {
              ...payment,
              payment_method_id: input.payment_method_id,
              amount: input.amount,
              installments: input.installments,
              attributes: input.attributes ?? payment.attributes,
            }
          : payment,
      ),
  );
  return toPayment(await findPayment(db, order.id, id));
}

export async function removeOrderPayment(db: Db, scope: OrderScope, orderId: string, id: string): Promise<void> {
  const order = await findVisibleOrder(db, scope, orderId);
  await findPayment(db, order.id, id);
  await change(
    db,
    scope,
    order.id,
    (payments) => payments.findIndex((payment) => payment.id === id),
    (payments) => payments.filter((payment) => payment.id !== id),
  );
}
