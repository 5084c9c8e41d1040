"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { ActiveBadge } from "@/components/data-table";
import { listHref } from "@/components/data-table";
import { EditRecordPage, ToggleActiveButton } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { SellerForm, sellerValues } from "../seller-form";
import { useToggleSeller } from "../use-toggle-seller";
import { SellerPartners } from "@/components/records/related";
import { SellerCommissions } from "./seller-commissions";

export function EditSeller({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const seller = trpc.sellers.get.useQuery({ id });
  const update = trpc.sellers.update.useMutation({ onSuccess: () => utils.sellers.invalidate() });
  const remove = trpc.sellers.remove.useMutation({ onSuccess: () => utils.sellers.list.invalidate() });
  const { toggle, pending } = useToggleSeller();
  return (
    <EditRecordPage
      resource="sellers"
      list={listHref("/sellers")}
      query={seller}
      related={(row) => <SellerPartners sellerId={row.id} />}
      below={() => <SellerCommissions sellerId={id} />}
      title={(row) => row.name}
      badge={(row) => <ActiveBadge active={row.active} />}
      remove={(row) => remove.mutateAsync({ id: row.id })}
      actions={(row) => <ToggleActiveButton active={row.active} pending={pending} onClick={() => void toggle(row)} />}
    >
      {(row, { readOnly, secondaryActions }) => (
        <SellerForm
          key={row.updated_at}
          defaultValues={sellerValues(row)}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("sellers.saved", { name: saved.name }));
            router.push(listHref("/sellers"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
