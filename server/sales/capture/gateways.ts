import { randomUUID } from "node:crypto";

/**
 * Card capture gateways (contract §7 "Capture"): an adapter per payment provider. The
 * built-in `manual` gateway has no card processor behind it: it records that the capture
 * was made (someone captured it in the provider's own back office, or the payment needs
 * none) and answers a reference. A real adapter calls its provider here and throws when
 * the provider refuses: the capture's transaction then rolls back, the payment stays
 * uncaptured and the caller gets the error.
 */
export interface CaptureRequest {
  organizationId: string;
  saleId: string;
  paymentId: string;
  amount: string;
  /** The payment's transaction id at the provider, as the checkout sent it. */
  transactionId: string | null;
}

export interface CaptureResult {
  /** The provider's reference of the capture (stored as the payment's `capture_reference`). */
  reference: string;
}

export interface CaptureGateway {
  readonly name: string;
  capture(request: CaptureRequest): Promise<CaptureResult>;
}

export const manualGateway: CaptureGateway = {
  name: "manual",
  async capture(request) {
    return { reference: request.transactionId ? `manual:${request.transactionId}` : `manual:${randomUUID()}` };
  },
};

/** The adapters by name (lower case), which payment methods name as their provider's `vendor`: a new gateway is added here. */
const gateways = new Map<string, CaptureGateway>([[manualGateway.name, manualGateway]]);

/** The gateway of a payment: its provider vendor's adapter when one is registered, else `manual`. */
export function gatewayFor(vendor: string | null | undefined): CaptureGateway {
  return (vendor ? gateways.get(vendor.toLowerCase()) : undefined) ?? manualGateway;
}

/** The gateway stored on a payment. */
export function gatewayNamed(name: string): CaptureGateway | undefined {
  return gateways.get(name.toLowerCase());
}

/** Payment method types whose payments are card transactions to capture. */
export const CARD_TYPES = new Set(["CREDIT_CARD", "DEBIT_CARD"]);
