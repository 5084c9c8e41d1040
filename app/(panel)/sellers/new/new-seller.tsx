"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { emptySeller, SellerForm } from "../seller-form";

const list = { href: "/sellers", label: "Sellers" };

export function NewSeller() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.sellers.create.useMutation({ onSuccess: () => utils.sellers.invalidate() });
  return (
    <NewRecordPage noun="seller" list={list}>
      <SellerForm
        defaultValues={emptySeller}
        submitLabel="Create seller"
        onSubmit={async (values) => {
          const seller = await create.mutateAsync(values);
          toast.success(`Seller “${seller.name}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}
