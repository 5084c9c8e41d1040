"use client";

import { useTranslations } from "next-intl";
import { listHref } from "@/components/data-table";
import { AttributesField, ResourceForm, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { solutionWrite, type Solution, type SolutionWrite } from "@/server/sales/solutions/schemas";

export const emptySolution: SolutionWrite = { name: "", metadata: {}, active: true, attributes: {} };

export function solutionValues(solution: Solution): SolutionWrite {
  return { name: solution.name, metadata: solution.metadata, active: solution.active, attributes: solution.attributes };
}

export interface SolutionFormProps {
  defaultValues: SolutionWrite;
  onSubmit: (values: SolutionWrite) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a sales channel, checked by the API's own `solutionWrite` schema. */
export function SolutionForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: SolutionFormProps) {
  const t = useTranslations("solutions");
  const form = useResourceForm(solutionWrite, { defaultValues, labels: "solutions.fields" });
  return (
    <ResourceForm
      form={form}
      onSubmit={onSubmit}
      readOnly={readOnly}
      submitLabel={submitLabel}
      cancelHref={listHref("/solutions")}
      secondaryActions={secondaryActions}
    >
      <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={120} autoComplete="off" />
      <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
      <AttributesField control={form.control} name="metadata" label={t("fields.metadata")} description={t("metadataDescription")} />
      <AttributesField control={form.control} name="attributes" description={t("attributesDescription")} />
    </ResourceForm>
  );
}
