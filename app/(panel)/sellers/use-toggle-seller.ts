"use client";

import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";

/** Enable or Disable, by the seller's state (PUT /sellers/{id}/enable|disable). */
export function useToggleSeller() {
  const t = useTranslations("sellers");
  const problems = useProblemMessages();
  const utils = trpc.useUtils();
  const onSuccess = () => utils.sellers.invalidate();
  const enable = trpc.sellers.enable.useMutation({ onSuccess });
  const disable = trpc.sellers.disable.useMutation({ onSuccess });
  const toggle = async (seller: { id: string; name: string; active: boolean }) => {
    try {
      await (seller.active ? disable : enable).mutateAsync({ id: seller.id });
      toast.success(seller.active ? t("disabled", { name: seller.name }) : t("enabled", { name: seller.name }));
    } catch (error) {
      problems.toastError(error);
    }
  };
  return { pending: enable.isPending || disable.isPending, toggle };
}
