import { attributeEntities, type AttributeEntity, type AttributeType } from "@/server/settings/entity-attributes/schemas";

const words = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ");

export const entityLabel = (entity: string) => words(entity);
export const entityOptions = attributeEntities.map((value) => ({ value, label: words(value) }));
export const isEntity = (value: string | undefined): value is AttributeEntity => attributeEntities.includes(value as AttributeEntity);

export const typeLabels: Record<AttributeType, string> = {
  STRING: "Text",
  NUMBER: "Number",
  BOOLEAN: "Yes / no",
  DATE: "Date",
  SELECT: "Choice list",
};
export const typeOptions = (Object.entries(typeLabels) as Array<[AttributeType, string]>).map(([value, label]) => ({ value, label }));
