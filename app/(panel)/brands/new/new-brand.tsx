"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { BrandForm, emptyBrand } from "../brand-form";

export function NewBrand() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.brands.create.useMutation({ onSuccess: () => utils.brands.invalidate() });
  return (
    <NewRecordPage noun="brand" list={{ href: listHref("/brands"), label: "Brands" }}>
      <BrandForm
        defaultValues={emptyBrand}
        submitLabel="Create brand"
        onSubmit={async (values) => {
          const brand = await create.mutateAsync(values);
          toast.success(`Brand “${brand.name}” created`);
          router.push(listHref("/brands"));
        }}
      />
    </NewRecordPage>
  );
}
