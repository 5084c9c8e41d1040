"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { SolutionForm, solutionValues } from "../solution-form";

export function EditSolution({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const solution = trpc.solutions.get.useQuery({ id });
  const update = trpc.solutions.update.useMutation({ onSuccess: () => utils.solutions.invalidate() });
  const remove = trpc.solutions.remove.useMutation({ onSuccess: () => utils.solutions.list.invalidate() });
  return (
    <EditRecordPage
      resource="solutions"
      list={listHref("/solutions")}
      query={solution}
      title={(row) => row.name}
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <SolutionForm
          key={row.updated_at}
          defaultValues={solutionValues(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("solutions.saved", { name: saved.name }));
            router.push(listHref("/solutions"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
