"use client";

import { toast } from "sonner";
import { toastError } from "@/lib/problem";
import { trpc } from "@/lib/trpc";

/** Enable or Disable, by the seller's state (PUT /sellers/{id}/enable|disable). */
export function useToggleSeller() {
  const utils = trpc.useUtils();
  const onSuccess = () => utils.sellers.invalidate();
  const enable = trpc.sellers.enable.useMutation({ onSuccess });
  const disable = trpc.sellers.disable.useMutation({ onSuccess });
  const toggle = async (seller: { id: string; name: string; active: boolean }) => {
    try {
      await (seller.active ? disable : enable).mutateAsync({ id: seller.id });
      toast.success(`Seller “${seller.name}” ${seller.active ? "disabled" : "enabled"}`);
    } catch (error) {
      toastError(error);
    }
  };
  return { pending: enable.isPending || disable.isPending, toggle };
}
