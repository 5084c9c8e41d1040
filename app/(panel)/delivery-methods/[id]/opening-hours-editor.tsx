"use client";

import { Loader2Icon, PlusIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { TimeInput, useTimeErrorMessage } from "@/components/ui/date-input";
import { useFormMessages, useUnsavedChanges } from "@/components/resource-form";
import { parseTimeInput } from "@/lib/dates";
import { useEnumLabel } from "@/lib/i18n";
import { problemOf, useProblemMessages, type FieldProblem } from "@/lib/problem";
import { trpc } from "@/lib/trpc";
import { openingHours, openingHoursBody, weekdays, type OpeningHour } from "@/server/settings/delivery-methods/schemas";

type Range = OpeningHour & { key: number };

/** "HH:MM" plus some hours, at most the end of the day. */
function laterBy(time: string, hours: number): string {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  const total = Math.min(hour * 60 + minute + hours * 60, 24 * 60);
  return total === 24 * 60 ? "24:00" : `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}
type Errors = Map<number, string>;

/** Issues of `[index, field]` paths (the zod schema's or the server's 422) by range key, each as "<label>: <message>". */
function errorsByKey(
  ranges: Range[],
  issues: FieldProblem[],
  word: (issue: FieldProblem) => string,
  label: (field: string) => string,
): Errors {
  const errors: Errors = new Map();
  for (const issue of issues) {
    const [index, field = "open_time"] = issue.path.split(".");
    const range = ranges[Number(index)];
    if (!range) continue;
    const text = `${label(field)}: ${word(issue)}`;
    errors.set(range.key, errors.has(range.key) ? `${errors.get(range.key)}; ${text}` : text);
  }
  return errors;
}

/**
 * The weekly opening hours of a delivery method: ranges per weekday, added and removed
 * freely, checked with the API's own `openingHours` schema (open before close, no
 * overlaps on a weekday) before the whole list replaces the stored one.
 */
export function OpeningHoursEditor({ id, initial, readOnly }: { id: string; initial: OpeningHour[]; readOnly: boolean }) {
  const t = useTranslations("deliveryMethods.hours");
  const weekdayLabel = useEnumLabel("weekday");
  const messages = useFormMessages();
  const problems = useProblemMessages();
  const label = (field: string) => (field === "close_time" ? t("closing") : t("opening"));
  const timeMessage = useTimeErrorMessage();
  const [ranges, setRanges] = useState<Range[]>(() => initial.map((hour, key) => ({ ...hour, key })));
  // A time typed wrong is said as such ("not a time; type it like 14:30"), not as the schema's pattern.
  const word = (issue: FieldProblem) => {
    const [index, field] = issue.path.split(".");
    const range = ranges[Number(index)];
    const text = field === "close_time" ? range?.close_time : field === "open_time" ? range?.open_time : undefined;
    const typed = text === undefined ? null : parseTimeInput(text, { endOfDay: field === "close_time" });
    return (
      (typed && !typed.ok && timeMessage(typed.error)) || messages.issue({ ...issue.params, message: issue.message, code: issue.code })
    );
  };
  const nextKey = useRef(initial.length);
  const [serverErrors, setServerErrors] = useState<Errors>(new Map());
  const [touched, setTouched] = useState(false);
  const utils = trpc.useUtils();
  useUnsavedChanges(touched && !readOnly);
  const save = trpc.deliveryMethods.replaceOpeningHours.useMutation({
    onSuccess: () => utils.deliveryMethods.openingHours.invalidate({ id }),
  });

  const plain = (list: Range[]): OpeningHour[] => list.map(({ weekday, open_time, close_time }) => ({ weekday, open_time, close_time }));
  const clientErrors = useMemo(() => {
    const result = openingHours.safeParse(plain(ranges));
    return result.success
      ? new Map()
      : errorsByKey(
          ranges,
          result.error.issues.map((issue) => ({
            ...issue,
            path: issue.path.join("."),
            params: issue as unknown as Record<string, unknown>,
          })),
          word,
          label,
        );
    // The words follow the language; the check follows the ranges.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ranges, messages]);
  const errors: Errors = new Map([...clientErrors, ...serverErrors]);

  const change = (next: Range[]) => {
    setRanges(next);
    setServerErrors(new Map());
    setTouched(true);
  };
  const add = (weekday: number) => {
    const sameDay = ranges.filter((range) => range.weekday === weekday).sort((a, b) => a.close_time.localeCompare(b.close_time));
    const last = sameDay.at(-1);
    const open_time = last ? (last.close_time >= "23:00" ? "23:00" : last.close_time) : "08:00";
    const close_time = last ? laterBy(open_time, 4) : "12:00";
    change([...ranges, { key: nextKey.current++, weekday, open_time, close_time }]);
  };
  const update = (key: number, field: "open_time" | "close_time", value: string) =>
    change(ranges.map((range) => (range.key === key ? { ...range, [field]: value } : range)));

  const submit = async () => {
    if (clientErrors.size > 0) return;
    try {
      const saved = await save.mutateAsync(openingHoursBody(id, plain(ranges)));
      nextKey.current = saved.length;
      setRanges(saved.map((hour, key) => ({ ...hour, key })));
      setTouched(false);
      toast.success(t("saved"));
    } catch (error) {
      const problem = problemOf(error);
      if (problem?.status === 422 && problem.errors?.length) setServerErrors(errorsByKey(ranges, problem.errors, word, label));
      else problems.toastError(error);
    }
  };

  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label={t("byWeekday")}>
        {weekdays.map((english, weekday) => {
          const day = weekdayLabel(String(weekday));
          const dayRanges = ranges.filter((range) => range.weekday === weekday);
          return (
            <li
              key={english}
              className="grid gap-2 border-b pb-3 last:border-b-0 sm:grid-cols-[8rem_1fr]"
              aria-label={day}
              data-testid={`weekday-${weekday}`}
            >
              <span className="pt-2 text-sm font-medium">{day}</span>
              <div className="grid gap-2">
                {dayRanges.length === 0 && <span className="pt-2 text-sm text-muted-foreground">{t("closed")}</span>}
                {dayRanges.map((range, at) => {
                  const error = errors.get(range.key);
                  const name = t("range", { weekday: day, index: at + 1 });
                  return (
                    <div key={range.key}>
                      <div className="flex flex-wrap items-center gap-2">
                        <TimeInput
                          className="w-24"
                          aria-label={t("opens", { range: name })}
                          value={range.open_time}
                          disabled={readOnly}
                          aria-invalid={error ? true : undefined}
                          onValueChange={(time) => update(range.key, "open_time", time)}
                        />
                        <span className="text-sm text-muted-foreground">{t("to")}</span>
                        <TimeInput
                          className="w-24"
                          endOfDay
                          aria-label={t("closes", { range: name })}
                          value={range.close_time}
                          disabled={readOnly}
                          aria-invalid={error ? true : undefined}
                          onValueChange={(time) => update(range.key, "close_time", time)}
                        />
                        {!readOnly && (
                          <Button
                            variant="ghost"
                            size="icon"
                            aria-label={t("remove", { range: name })}
                            onClick={() => change(ranges.filter((item) => item.key !== range.key))}
                          >
                            <Trash2Icon aria-hidden />
                          </Button>
                        )}
                      </div>
                      {error && (
                        <p role="alert" className="mt-1 text-sm text-destructive">
                          {error}
                        </p>
                      )}
                    </div>
                  );
                })}
                {!readOnly && (
                  <Button
                    variant="outline"
                    size="sm"
                    className="w-fit"
                    onClick={() => add(weekday)}
                    aria-label={t("addOn", { weekday: day })}
                  >
                    <PlusIcon aria-hidden />
                    {t("add")}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {!readOnly && (
        <div className="flex items-center justify-end gap-2 border-t pt-4">
          {touched && <span className="text-sm text-muted-foreground">{t("unsaved")}</span>}
          <Button onClick={submit} disabled={save.isPending || clientErrors.size > 0 || !touched}>
            {save.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            {t("save")}
          </Button>
        </div>
      )}
    </div>
  );
}
