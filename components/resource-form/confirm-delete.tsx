"use client";

import { Loader2Icon } from "lucide-react";
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
import { toastError } from "@/lib/problem";

export interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  confirmLabel?: string;
  /** Runs the delete; the dialog stays open with a spinner until it settles. */
  onConfirm: () => Promise<unknown>;
}

/** "Are you sure?" before a destructive action; failures become a toast. */
export function ConfirmDeleteDialog({ open, onOpenChange, title, description, confirmLabel = "Delete", onConfirm }: ConfirmDeleteDialogProps) {
  const [pending, setPending] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            disabled={pending}
            onClick={async (event) => {
              event.preventDefault();
              setPending(true);
              try {
                await onConfirm();
              } catch (error) {
                toastError(error);
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
  /** Singular noun: "brand" makes "Delete brand?" and "Brand deleted". */
  noun: string;
  /** How the dialog names the record, e.g. its name. */
  describe: (row: Row) => string;
  remove: (row: Row) => Promise<unknown>;
  onDeleted?: (row: Row) => void;
  /** "Revoke" for access keys, "Delete" by default. */
  verb?: string;
}

/**
 * One delete confirmation for a whole page: `request(row)` opens it, `dialog` is rendered
 * once. Shows a success toast after the delete.
 */
export function useConfirmDelete<Row>({ noun, describe, remove, onDeleted, verb = "Delete" }: ConfirmDeleteOptions<Row>) {
  const [row, setRow] = useState<Row | null>(null);
  const capitalized = noun.charAt(0).toUpperCase() + noun.slice(1);
  const dialog = (
    <ConfirmDeleteDialog
      open={row !== null}
      onOpenChange={(open) => !open && setRow(null)}
      title={`${verb} ${noun}?`}
      description={
        row === null ? null : (
          <>
            <strong className="font-medium text-foreground">{describe(row)}</strong> will be {verb === "Delete" ? "deleted" : `${verb.toLowerCase()}d`}. This cannot be undone.
          </>
        )
      }
      confirmLabel={verb}
      onConfirm={async () => {
        if (row === null) return;
        await remove(row);
        toast.success(`${capitalized} ${verb === "Delete" ? "deleted" : `${verb.toLowerCase()}d`}`);
        onDeleted?.(row);
      }}
    />
  );
  return { request: (target: Row) => setRow(target), dialog };
}
