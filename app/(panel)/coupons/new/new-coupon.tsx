"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { listHref } from "@/components/data-table";
import { NewRecordPage } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { CouponForm, emptyCoupon } from "../coupon-form";

export function NewCoupon() {
  const t = useTranslations();
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.coupons.create.useMutation({
    onSuccess: () => utils.coupons.invalidate(),
  });
  return (
    <NewRecordPage resource="coupons" list={listHref("/coupons")}>
      <CouponForm
        defaultValues={emptyCoupon}
        submitLabel={t("coupons.create")}
        onSubmit={async (values) => {
          const coupon = await create.mutateAsync(values);
          toast.success(t("coupons.created", { name: coupon.code }));
          router.push(listHref("/coupons"));
        }}
      />
    </NewRecordPage>
  );
}
