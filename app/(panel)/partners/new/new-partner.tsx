"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptyPartner, PartnerForm } from "../partner-form";

const list = { href: "/partners", label: "Partners" };

export function NewPartner() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.partners.create.useMutation({ onSuccess: () => utils.partners.invalidate() });
  return (
    <NewRecordPage noun="partner" list={list} can="sell" wide>
      <PartnerForm
        defaultValues={emptyPartner}
        submitLabel="Create partner"
        onSubmit={async (values) => {
          const partner = await create.mutateAsync(values);
          toast.success(`Partner “${partner.name}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}
