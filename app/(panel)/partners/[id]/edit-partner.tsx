"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { EditRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { PartnerForm, partnerValues } from "../partner-form";

const list = { href: "/partners", label: "Partners" };

export function EditPartner({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const partner = trpc.partners.get.useQuery({ id });
  const update = trpc.partners.update.useMutation({ onSuccess: () => utils.partners.invalidate() });
  const remove = trpc.partners.remove.useMutation({ onSuccess: () => utils.partners.list.invalidate() });
  return (
    <EditRecordPage
      noun="partner"
      list={list}
      can="sell"
      wide
      query={partner}
      title={(row) => row.name}
      description={(row, readOnly) =>
        row && `${formatFiscalNumber(row.fiscal_registration_number)}${readOnly ? " · You may view this partner but not change it." : ""}`
      }
      remove={(row) => remove.mutateAsync({ id: row.id })}
    >
      {(row, { readOnly, secondaryActions }) => (
        <PartnerForm
          key={row.updated_at}
          defaultValues={partnerValues(row)}
          readOnly={readOnly}
          submitLabel="Save changes"
          secondaryActions={secondaryActions}
          onSubmit={async (values) => {
            const saved = await update.mutateAsync({ ...values, id });
            toast.success(`Partner “${saved.name}” saved`);
            router.push(list.href);
          }}
        />
      )}
    </EditRecordPage>
  );
}
