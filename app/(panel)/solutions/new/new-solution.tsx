"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptySolution, SolutionForm } from "../solution-form";

export function NewSolution() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.solutions.create.useMutation({ onSuccess: () => utils.solutions.invalidate() });
  return (
    <NewRecordPage resource="solutions" list={listHref("/solutions")}>
      <SolutionForm
        defaultValues={emptySolution}
        submitLabel={t("solutions.create")}
        onSubmit={async (values) => {
          const solution = await create.mutateAsync(values);
          toast.success(t("solutions.created", { name: solution.name }));
          router.push(listHref("/solutions"));
        }}
      />
    </NewRecordPage>
  );
}
