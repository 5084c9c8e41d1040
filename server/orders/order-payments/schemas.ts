import { z } from "zod";
import { moneyInput } from "../../lib/money";
import { pagingInput } from "../../lib/paging";
import { attributes, clientId, uuid } from "../../lib/schemas";

export const ORDER_PAYMENT_SORT = ["id", "amount", "installments", "created_at"] as const;

const amount = moneyInput.refine((value) => value > 0, "must be greater than 0");
const installments = z.number({ message: "must be a whole number" }).int("must be a whole number").min(1, "must be at least 1").max(1000);

/** PUT /orders/{order_id}/payments/{id} (interface "Order payments"). */
export const orderPaymentUpdate = z.object({
  payment_method_id: uuid,
  amount,
  installments,
  attributes: attributes.optional(),
});

/** POST /orders/{order_id}/payments. */
export const orderPaymentCreate = orderPaymentUpdate.extend({
  id: clientId,
  installment_id: z.string().trim().max(100).nullish(),
  transaction_id: z.string().trim().max(200).nullish(),
  attributes: attributes.default({}),
});
export type OrderPaymentCreate = z.output<typeof orderPaymentCreate>;
export type OrderPaymentUpdate = z.output<typeof orderPaymentUpdate>;

/** A payment as these endpoints answer it. */
export const orderPayment = z.object({
  id: z.string(),
  order_id: z.string(),
  payment_method_id: z.string(),
  amount: z.number(),
  installments: z.number().int(),
  installment_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type OrderPayment = z.output<typeof orderPayment>;

export const orderPaymentPath = z.object({ order_id: z.string() });
export const orderPaymentListInput = pagingInput(ORDER_PAYMENT_SORT).extend(orderPaymentPath.shape);
export type OrderPaymentListInput = z.output<typeof orderPaymentListInput>;
