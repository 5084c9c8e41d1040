"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { fieldMessage } from "@/components/resource-form/server-errors";
import { DateInput, useDateErrorMessage } from "@/components/ui/date-input";
import { Field } from "@/components/ui/field";
import { Label } from "@/components/ui/label";
import { isIsoDate, type DateParseError } from "@/lib/dates";

export const PRESETS = ["7", "30", "90", "365"] as const;

/** The dashboard's period: the last N days, or two days chosen. */
export type PeriodChoice = { preset: (typeof PRESETS)[number] } | { preset: "custom"; start: string; final: string };

/** Picks the period; the comparison is always with as many days before it. */
export function PeriodPicker({ value, onChange }: { value: PeriodChoice; onChange: (value: PeriodChoice) => void }) {
  const t = useTranslations("dashboard");
  const id = useId();
  const [start, setStart] = useState(value.preset === "custom" ? value.start : "");
  const [final, setFinal] = useState(value.preset === "custom" ? value.final : "");
  const [custom, setCustom] = useState(value.preset === "custom");
  const [startParse, setStartParse] = useState<DateParseError | null>(null);
  const [finalParse, setFinalParse] = useState<DateParseError | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const dateMessage = useDateErrorMessage();
  const required = useTranslations("validation")("required");
  const missing = (day: string) => (submitted && day === "" ? required : undefined);
  const startError = fieldMessage(t("startDate"), dateMessage(startParse) ?? missing(start));
  const finalError = fieldMessage(
    t("finalDate"),
    dateMessage(finalParse) ??
      missing(final) ??
      (submitted && isIsoDate(start) && isIsoDate(final) && final < start ? t("finalBeforeStart") : undefined),
  );
  return (
    <div className="flex flex-wrap items-start gap-2">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-preset`}>{t("period")}</Label>
        <select
          id={`${id}-preset`}
          className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
          value={custom ? "custom" : value.preset}
          onChange={(event) => {
            const preset = event.target.value;
            if (preset === "custom") setCustom(true);
            else {
              setCustom(false);
              onChange({ preset: preset as (typeof PRESETS)[number] });
            }
          }}
        >
          {PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {t(`presets.${preset}`)}
            </option>
          ))}
          <option value="custom">{t("presets.custom")}</option>
        </select>
      </div>
      {custom && (
        <form
          className="flex flex-wrap items-start gap-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(true);
            if (isIsoDate(start) && isIsoDate(final) && start <= final) onChange({ preset: "custom", start, final });
          }}
        >
          <Field label={t("startDate")} required error={startError} className="w-44 gap-1">
            <DateInput value={start} max={final || undefined} onValueChange={setStart} onParseErrorChange={setStartParse} />
          </Field>
          <Field label={t("finalDate")} required error={finalError} className="w-44 gap-1">
            <DateInput value={final} min={start || undefined} onValueChange={setFinal} onParseErrorChange={setFinalParse} />
          </Field>
          <Button type="submit" variant="outline" className="mt-6">
            {t("apply")}
          </Button>
        </form>
      )}
    </div>
  );
}
