import type { deliveryMethodTypes, deliveryPeriodTypes, deliveryPriceTypes } from "@/server/settings/delivery-methods/schemas";

export const deliveryTypeLabels: Record<(typeof deliveryMethodTypes)[number], string> = {
  PICKUP: "Pickup",
  OWN_FLEET: "Own fleet",
  CARRIER: "Carrier",
};
export const priceTypeLabels: Record<(typeof deliveryPriceTypes)[number], string> = {
  FREE: "Free",
  FIXED: "Fixed price",
  PER_WEIGHT: "Per kg",
};
export const periodTypeLabels: Record<(typeof deliveryPeriodTypes)[number], string> = { DAYS: "Days", HOURS: "Hours" };

export const optionsOf = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as Array<[T, string]>).map(([value, label]) => ({ value, label }));
