"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { BackLink } from "@/components/panel/back-link";
import { useCan } from "@/components/panel/current-user";
import { PageHeader } from "@/components/panel/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";
import { BrandForm, emptyBrand } from "../brand-form";

export function NewBrand() {
  const router = useRouter();
  const canManage = useCan("manage");
  const utils = trpc.useUtils();
  const create = trpc.brands.create.useMutation({ onSuccess: () => utils.brands.invalidate() });
  return (
    <>
      <PageHeader title="New brand">
        <BackLink href={listHref("/brands")}>Brands</BackLink>
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {canManage ? (
            <BrandForm
              defaultValues={emptyBrand}
              submitLabel="Create brand"
              onSubmit={async (values) => {
                const brand = await create.mutateAsync(values);
                toast.success(`Brand “${brand.name}” created`);
                router.push(listHref("/brands"));
              }}
            />
          ) : (
            <p className="text-sm text-muted-foreground">Your role may not create brands.</p>
          )}
        </CardContent>
      </Card>
    </>
  );
}
