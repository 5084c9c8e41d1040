"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { ActiveBadge, listHref, useBulkActions } from "@/components/data-table";
import { useCan } from "@/components/panel/current-user";
import { EditRecordPage, ToggleActiveButton } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import type { Coupon } from "@/server/orders/coupons/schemas";
import { CouponForm, couponValues } from "../coupon-form";

export function EditCoupon({ id }: { id: string }) {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const coupon = trpc.coupons.get.useQuery({ id });
  const update = trpc.coupons.update.useMutation({
    onSuccess: () => utils.coupons.invalidate(),
  });
  const remove = trpc.coupons.remove.useMutation({
    onSuccess: () => utils.coupons.list.invalidate(),
  });
  const setActive = trpc.coupons.bulkSetActive.useMutation();
  const toggle = useBulkActions<Coupon>({
    resource: "coupons",
    describe: (row) => row.code,
    canWrite: useCan("manage"),
    setActive: setActive.mutateAsync,
    onDone: () => utils.coupons.invalidate(),
  });
  return (
    <>
      <EditRecordPage
        resource="coupons"
        list={listHref("/coupons")}
        query={coupon}
        title={(row) => row.code}
        badge={(row) => <ActiveBadge active={row.active} />}
        remove={(row) => remove.mutateAsync({ id: row.id })}
        actions={(row) => <ToggleActiveButton active={row.active} pending={setActive.isPending} onClick={() => toggle.toggle(row)} />}
      >
        {(row, { readOnly, secondaryActions }) => (
          <CouponForm
            key={row.updated_at}
            defaultValues={couponValues(row)}
            readOnly={readOnly}
            submitLabel={t("common.saveChanges")}
            secondaryActions={secondaryActions}
            onSubmit={async (values) => {
              const saved = await update.mutateAsync({ ...values, id });
              toast.success(t("coupons.saved", { name: saved.code }));
              router.push(listHref("/coupons"));
            }}
          />
        )}
      </EditRecordPage>
      {toggle.dialogs}
    </>
  );
}
