"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { PartnerForm, partnerValues } from "../partner-form";
import { PartnerLinks, PartnerOrders } from "@/components/records/related";
import { PartnerCredit } from "./partner-credit";

export function EditPartner({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const partner = trpc.partners.get.useQuery({ id });
  const update = trpc.partners.update.useMutation({ onSuccess: () => utils.partners.invalidate() });
  const remove = trpc.partners.remove.useMutation({ onSuccess: () => utils.partners.list.invalidate() });
  return (
    <EditRecordPage
      resource="partners"
      list={listHref("/partners")}
      can="sell"
      wide
      query={partner}
      related={(row) => (
        <>
          <PartnerCredit partnerId={row.id} name={row.name} />
          <PartnerOrders partnerId={row.id} />
          <PartnerLinks sellerId={row.seller_id} profileId={row.profile_id} />
        </>
      )}
      title={(row) => row.name}
      description={(row, readOnly) =>
        row && `${formatFiscalNumber(row.fiscal_registration_number)}${readOnly ? ` · ${t("record.viewOnly")}` : ""}`
      }
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <PartnerForm
          key={row.updated_at}
          defaultValues={partnerValues(row)}
          current={row}
          readOnly={readOnly}
          submitLabel={t("common.saveChanges")}
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(t("partners.saved", { name: saved.name }));
            router.push(listHref("/partners"));
          }}
        />
      )}
    </EditRecordPage>
  );
}
