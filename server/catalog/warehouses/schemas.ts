import { z } from "zod";
import { queryBoolean } from "../../lib/paging";
import { attributes, requiredText } from "../../lib/schemas";

/** interface.md: on create and update every field but id and attributes is required. */
export const warehouseWrite = z.object({
  name: requiredText(),
  address_type: requiredText(40),
  street: requiredText(),
  number: requiredText(20),
  /** Required, but may be empty: most addresses have no complement. */
  complement: z.string({ message: "is required" }).trim().max(200),
  neighborhood: requiredText(),
  city: requiredText(),
  state: requiredText(60),
  country: requiredText(60),
  postal_code: requiredText(20),
  active: z.boolean({ message: "is required" }),
  /** Beyond the interface (contract §10): where orders take stock when neither the item nor the order names a warehouse; at most one per org (choosing one moves it). Kept when absent. */
  is_default: z.boolean({ message: "must be true or false" }).optional(),
  attributes: attributes.default({}),
});
export type WarehouseWrite = z.input<typeof warehouseWrite>;
export type WarehouseWriteOutput = z.output<typeof warehouseWrite>;

export const warehouse = z.object({
  id: z.string(),
  name: z.string(),
  address_type: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postal_code: z.string(),
  active: z.boolean(),
  is_default: z.boolean(),
  attributes,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Warehouse = z.output<typeof warehouse>;

export const warehouseListRecord = warehouse.omit({ created_at: true, updated_at: true });
export type WarehouseListRecord = z.output<typeof warehouseListRecord>;

export const warehouseFilters = z.object({
  active: queryBoolean.optional(),
});

/** Address types the panel offers (the API takes any text). */
export const addressTypes = ["COMMERCIAL", "RESIDENTIAL", "INDUSTRIAL", "RURAL"] as const;
