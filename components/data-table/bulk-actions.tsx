"use client";

import { Loader2Icon, PowerIcon, PowerOffIcon, Trash2Icon } from "lucide-react";
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
import { Button } from "@/components/ui/button";
import type { ResourceName } from "@/components/resource-form/resources";
import { useDynamicTranslations } from "@/lib/i18n";
import { useProblemMessages } from "@/lib/problem";
import type { BulkResult } from "@/server/crud/crud";
import type { RowSelection } from "./data-table";

export interface BulkActionsOptions<Row> {
  /** Whose messages name the records ("brands": "3 marcas excluídas"). */
  resource: ResourceName;
  /** How the confirmation and the failures name a record. */
  describe: (row: Row) => string;
  getId?: (row: Row) => string;
  /** The role may write these records (otherwise no checkboxes at all). */
  canWrite: boolean;
  /** The list's bulk procedures (`trpc.brands.bulkSetActive.useMutation().mutateAsync`). */
  setActive?: (input: { ids: string[]; active: boolean }) => Promise<BulkResult>;
  remove?: (input: { ids: string[] }) => Promise<BulkResult>;
  /** What `remove` does, as its button, confirmation and toasts say: "revoke" for access keys. */
  removeVerb?: "delete" | "revoke";
  /** Refreshes the list after an action. */
  onDone?: () => unknown;
}

interface Failed {
  name: string;
  message: string;
}

/**
 * Bulk actions of a list: Activate, Deactivate and Delete (or Revoke; one confirmation
 * listing every record that goes). The records the server refuses are kept and listed with the reason.
 */
export function useBulkActions<Row>(options: BulkActionsOptions<Row>): {
  selection: RowSelection<Row> | undefined;
  dialogs: React.ReactNode;
  /** Enables or disables one record (the row's own action). */
  toggle: (row: Row & { active: boolean }) => void;
} {
  const {
    resource,
    describe,
    getId = (row: Row) => (row as { id: string }).id,
    canWrite,
    setActive,
    remove,
    removeVerb = "delete",
    onDone,
  } = options;
  const t = useTranslations("bulk");
  const messages = useDynamicTranslations(resource);
  const problem = useDynamicTranslations("problem.codes");
  const problems = useProblemMessages();
  const [pending, setPending] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<{ rows: Row[]; clear: () => void } | null>(null);
  const [failed, setFailed] = useState<{ title: string; rows: Failed[] } | null>(null);

  async function run(
    kind: "activate" | "deactivate" | "delete" | "revoke",
    rows: Row[],
    clear: () => void,
    action: (ids: string[]) => Promise<BulkResult>,
  ) {
    setPending(kind);
    try {
      const result = await action(rows.map(getId));
      const names = new Map(rows.map((row) => [getId(row), describe(row)]));
      if (result.count > 0) toast.success(t(`${kind}Done`, { count: result.count, noun: messages("noun") }));
      if (result.failures.length > 0) {
        setFailed({
          title: t(`${kind}Failed`, { count: result.failures.length }),
          rows: result.failures.map((failure) => ({
            name: names.get(failure.id) ?? failure.id,
            message: problem.has(failure.code) ? problem(failure.code) : failure.message,
          })),
        });
      }
      clear();
      await onDone?.();
    } catch (error) {
      problems.toastError(error);
    } finally {
      setPending(null);
    }
  }

  const spinner = (kind: string) => (pending === kind ? <Loader2Icon className="animate-spin" aria-hidden /> : null);
  const selection: RowSelection<Row> | undefined =
    canWrite && (setActive || remove)
      ? {
          rowLabel: describe,
          actions: (rows, clear) => (
            <>
              {setActive && (
                <>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={pending !== null}
                    onClick={() => run("activate", rows, clear, (ids) => setActive({ ids, active: true }))}
                  >
                    {spinner("activate") ?? <PowerIcon aria-hidden />}
                    {t("activate")}
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={pending !== null}
                    onClick={() => run("deactivate", rows, clear, (ids) => setActive({ ids, active: false }))}
                  >
                    {spinner("deactivate") ?? <PowerOffIcon aria-hidden />}
                    {t("deactivate")}
                  </Button>
                </>
              )}
              {remove && (
                <Button
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:text-destructive"
                  disabled={pending !== null}
                  onClick={() => setToDelete({ rows, clear })}
                >
                  <Trash2Icon aria-hidden />
                  {t(removeVerb)}
                </Button>
              )}
            </>
          ),
        }
      : undefined;

  const dialogs = (
    <>
      <AlertDialog open={toDelete !== null} onOpenChange={(open) => !open && pending === null && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t(`${removeVerb}Title`, { count: toDelete?.rows.length ?? 0, noun: messages("noun") })}</AlertDialogTitle>
            <AlertDialogDescription>{t(`${removeVerb}Description`)}</AlertDialogDescription>
          </AlertDialogHeader>
          <ul className="max-h-60 list-disc overflow-y-auto pl-5 text-sm" aria-label={t(`${removeVerb}List`)}>
            {toDelete?.rows.map((row) => (
              <li key={getId(row)}>{describe(row)}</li>
            ))}
          </ul>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending !== null}>{t("cancel")}</AlertDialogCancel>
            <AlertDialogAction
              disabled={pending !== null}
              onClick={async (event) => {
                event.preventDefault();
                if (!toDelete || !remove) return;
                await run(removeVerb, toDelete.rows, toDelete.clear, (ids) => remove({ ids }));
                setToDelete(null);
              }}
            >
              {spinner(removeVerb)}
              {t(`${removeVerb}Confirm`, { count: toDelete?.rows.length ?? 0 })}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <AlertDialog open={failed !== null} onOpenChange={(open) => !open && setFailed(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{failed?.title}</AlertDialogTitle>
            <AlertDialogDescription>{t("failedDescription")}</AlertDialogDescription>
          </AlertDialogHeader>
          <ul className="max-h-60 overflow-y-auto text-sm" aria-label={t("failedList")}>
            {failed?.rows.map((row) => (
              <li key={row.name} className="border-b py-1.5 last:border-0">
                <span className="font-medium">{row.name}</span>: {row.message}
              </li>
            ))}
          </ul>
          <AlertDialogFooter>
            <AlertDialogAction>{t("ok")}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
  const toggle = (row: Row & { active: boolean }) => {
    if (setActive)
      void run(
        row.active ? "deactivate" : "activate",
        [row],
        () => {},
        (ids) => setActive({ ids, active: !row.active }),
      );
  };
  return { selection, dialogs, toggle };
}
