"use client";

import { Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { useConfirmDelete } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import type { Brand } from "@/server/catalog/brands/schemas";
import { BrandForm } from "../brand-form";

export function EditBrand({ id }: { id: string }) {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const brand = trpc.brands.get.useQuery({ id });
  const update = trpc.brands.update.useMutation({ onSuccess: () => utils.brands.invalidate() });
  const remove = trpc.brands.remove.useMutation({ onSuccess: () => utils.brands.list.invalidate() });
  const confirmDelete = useConfirmDelete<Brand>({
    noun: "brand",
    describe: (record) => record.name,
    remove: (record) => remove.mutateAsync({ id: record.id }),
    onDeleted: () => router.push(listHref("/brands")),
  });

  const back = <BackLink href={listHref("/brands")}>Brands</BackLink>;
  if (brand.error) return <LoadFailure error={brand.error} noun="brand" back={back} onRetry={() => brand.refetch()} />;
  const data = brand.data;
  return (
    <>
      <PageHeader title={data ? data.name : <Skeleton className="h-8 w-56" />} description={canManage ? "Edit the brand." : "You may view this brand but not change it."}>
        {back}
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {data ? (
            <BrandForm
              key={data.updated_at}
              defaultValues={{ name: data.name, active: data.active, images: data.images, attributes: data.attributes }}
              readOnly={!canManage}
              submitLabel="Save changes"
              secondaryActions={
                canManage && (
                  <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => confirmDelete.request(data)}>
                    <Trash2Icon aria-hidden />
                    Delete
                  </Button>
                )
              }
              onSubmit={async (values) => {
                const saved = await update.mutateAsync({ ...values, id });
                toast.success(`Brand “${saved.name}” saved`);
                router.push(listHref("/brands"));
              }}
            />
          ) : (
            <div className="grid gap-5" aria-busy="true" aria-label="Loading brand">
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-20 w-full" />
            </div>
          )}
        </CardContent>
      </Card>
      {confirmDelete.dialog}
    </>
  );
}
