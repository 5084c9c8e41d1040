import type { Db } from "../../db/scoped";
import { AppError, type FieldError } from "../../errors";
import type { OrderPayment as OrderPaymentRow, Prisma } from "../../generated/prisma/client";
import { isUuid } from "../../lib/ids";
import { paginate, sortByColumns, type Page } from "../../lib/paging";
import { getOrder, findVisibleOrder, installmentCount, lockedError, orderChanged } from "../orders/service";
import type { OrderScope } from "../orders/scope";
import type { OrderPayment, OrderPaymentCreate, OrderPaymentListInput, OrderPaymentUpdate } from "./schemas";

/**
 * Order payments (interface "Order payments", contract §7): 404 unless the order is the
 * org's (and the caller's, for a SELLER); the payment method must exist in the org, the
 * amount be > 0 and the installments between 1 and the method's count (422). A change
 * of an order in a final status is 409. Each change is an `order.updated` event.
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

async function checkMethod(db: Db, input: { payment_method_id: string; installments: number }): Promise<void> {
  const method = await db.paymentMethod.findUnique({
    where: { id: input.payment_method_id },
    select: { installments: true },
  });
  const errors: FieldError[] = [];
  if (!method)
    errors.push({
      path: "payment_method_id",
      message: "no payment method with this id exists",
      code: "not_found_reference",
    });
  else if (input.installments > installmentCount(method.installments)) {
    const most = installmentCount(method.installments);
    errors.push({
      path: "installments",
      message: `must be between 1 and ${most}`,
      code: "too_big",
      params: { maximum: most },
    });
  }
  if (errors.length > 0) throw new AppError("VALIDATION", errors.map((error) => `${error.path}: ${error.message}`).join("; "), { errors });
}

async function findPayment(db: Db, orderId: string, id: string): Promise<OrderPaymentRow> {
  const row = isUuid(id) ? await db.orderPayment.findFirst({ where: { id, order_id: orderId } }) : null;
  if (!row) throw AppError.notFound("Payment");
  return row;
}

/** The order for a write of its payments: visible (404) and not locked (409). */
async function writableOrder(db: Db, scope: OrderScope, orderId: string): Promise<string> {
  const order = await findVisibleOrder(db, scope, orderId);
  if (order.locked) throw lockedError();
  return order.id;
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
  const order = await writableOrder(db, scope, orderId);
  await checkMethod(db, input);
  if (input.id && (await db.orderPayment.count({ where: { id: input.id } }))) {
    throw new AppError("CONFLICT", "A payment with this id already exists", {
      errors: [{ path: "id", message: "is already used", code: "duplicate" }],
    });
  }
  const before = await getOrder(db, scope, order);
  const row = await db.orderPayment.create({
    data: {
      ...(input.id ? { id: input.id } : {}),
      organization_id: db.$organizationId,
      order_id: order,
      payment_method_id: input.payment_method_id,
      amount: input.amount,
      installments: input.installments,
      installment_id: input.installment_id ?? null,
      transaction_id: input.transaction_id ?? null,
      attributes: input.attributes as Prisma.InputJsonObject,
    },
  });
  await orderChanged(db, scope, order, before);
  return toPayment(row);
}

export async function updateOrderPayment(
  db: Db,
  scope: OrderScope,
  orderId: string,
  id: string,
  input: OrderPaymentUpdate,
): Promise<OrderPayment> {
  const order = await writableOrder(db, scope, orderId);
  await findPayment(db, order, id);
  await checkMethod(db, input);
  const before = await getOrder(db, scope, order);
  const row = await db.orderPayment.update({
    where: { id },
    data: {
      payment_method_id: input.payment_method_id,
      amount: input.amount,
      installments: input.installments,
      ...(input.attributes ? { attributes: input.attributes as Prisma.InputJsonObject } : {}),
    },
  });
  await orderChanged(db, scope, order, before);
  return toPayment(row);
}

export async function removeOrderPayment(db: Db, scope: OrderScope, orderId: string, id: string): Promise<void> {
  const order = await writableOrder(db, scope, orderId);
  await findPayment(db, order, id);
  const before = await getOrder(db, scope, order);
  await db.orderPayment.delete({ where: { id } });
  await orderChanged(db, scope, order, before);
}
