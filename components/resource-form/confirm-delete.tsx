"use client";

import { Loader2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { useDynamicTranslations } from "@/lib/i18n";
import { useProblemMessages } from "@/lib/problem";
import type { ResourceName } from "./resources";

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  /** Runs the delete; the dialog stays open with a spinner until it settles. */
  onConfirm: () => Promise<unknown>;
}

/** "Are you sure?" before a destructive action; failures become a toast. */
export function ConfirmDeleteDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm }: ConfirmDeleteDialogProps) {
  const t = useTranslations("common");
  const problems = useProblemMessages();
  const [pending, setPending] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t("cancel")}</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending}
            onClick={async (event) => {
              event.preventDefault();
              setPending(true);
              try {
                await onConfirm();
              } catch (error) {
                problems.toastError(error);
              } finally {
                setPending(false);
                onOpenChange(false);
              }
            }}
          >
            {pending && <Loader2Icon className="animate-spin" aria-hidden />}
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export interface ConfirmDeleteOptions<Row> {
  /** Whose messages name it: "brands" makes "Excluir marca?" and "Marca excluída". */
  resource: ResourceName;
  /** How the dialog names the record, e.g. its name. */
  describe: (row: Row) => string;
  remove: (row: Row) => Promise<unknown>;
  onDeleted?: (row: Row) => void;
  /** "revoke" for access keys. */
  verb?: "delete" | "revoke";
}

/**
 * One delete confirmation for a whole page: `request(row)` opens it, `dialog` is rendered
 * once. Shows a success toast after the delete.
 */
export function useConfirmDelete<Row>({ resource, describe, remove, onDeleted, verb = "delete" }: ConfirmDeleteOptions<Row>) {
  const t = useTranslations();
  const messages = useDynamicTranslations(resource);
  const [row, setRow] = useState<Row | null>(null);
  const noun = messages("noun");
  const dialog = (
    <ConfirmDeleteDialog
      open={row !== null}
      onOpenChange={(open) => !open && setRow(null)}
      title={verb === "revoke" ? t("record.revokeTitle", { noun }) : t("record.deleteTitle", { noun })}
      description={
        row === null
          ? null
          : t.rich(verb === "revoke" ? "record.revokeDescription" : "record.deleteDescription", {
              name: describe(row),
              strong: (chunks) => <strong className="font-medium text-foreground">{chunks}</strong>,
            })
      }
      confirmLabel={verb === "revoke" ? t("common.revoke") : t("common.delete")}
      onConfirm={async () => {
        if (row === null) return;
        await remove(row);
        toast.success(messages(verb === "revoke" ? "revoked" : "deleted"));
        onDeleted?.(row);
      }}
    />
  );
  return { request: (target: Row) => setRow(target), dialog };
}
