"use client";

import { BookmarkIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useProblemMessages } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import type { TableControls } from "./use-table-state";

/**
 * The user's saved views of a list: the search, filters, order, page size and columns
 * under a name, private to the user. Applying one puts it in the URL.
 */
export function SavedViews({
  list,
  state,
}: {
  /** The list's name ("brands"). */ list: string;
  state: Pick<TableControls, "view" | "applyView">;
}) {
  const t = useTranslations("views");
  const problems = useProblemMessages();
  const nameId = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const utils = trpc.useUtils();
  const views = trpc.savedViews.list.useQuery({ list }, { enabled: open });
  const save = trpc.savedViews.save.useMutation({ onSuccess: () => utils.savedViews.invalidate() });
  const remove = trpc.savedViews.remove.useMutation({ onSuccess: () => utils.savedViews.invalidate() });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <BookmarkIcon aria-hidden />
          {t("title")}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        <form
          className="flex items-end gap-2"
          onSubmit={async (event) => {
            event.preventDefault();
            if (!name.trim()) return;
            try {
              await save.mutateAsync({ list, name: name.trim(), state: state.view });
              toast.success(t("saved", { name: name.trim() }));
              setName("");
            } catch (error) {
              problems.toastError(error);
            }
          }}
        >
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor={nameId}>{t("name")}</Label>
            <Input id={nameId} value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
          </div>
          <Button type="submit" disabled={save.isPending || !name.trim()}>
            {t("save")}
          </Button>
        </form>
        <section aria-label={t("yours")} className="grid gap-1">
          <h3 className="text-sm font-medium">{t("yours")}</h3>
          {views.isPending ? (
            <p className="text-sm text-muted-foreground">{t("loading")}</p>
          ) : (views.data ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("none")}</p>
          ) : (
            <ul className="grid gap-1">
              {views.data?.map((view) => (
                <li key={view.id} className="flex items-center gap-2">
                  <Button
                    variant="ghost"
                    className="flex-1 justify-start"
                    onClick={() => {
                      state.applyView(view.state);
                      setOpen(false);
                    }}
                  >
                    {view.name}
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("remove", { name: view.name })}
                    onClick={() => remove.mutateAsync({ id: view.id }).catch(problems.toastError)}
                  >
                    <Trash2Icon aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
