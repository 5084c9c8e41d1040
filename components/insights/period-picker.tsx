"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

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
  return (
    <div className="flex flex-wrap items-end gap-2">
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
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (start && final) onChange({ preset: "custom", start, final });
          }}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-start`}>{t("startDate")}</Label>
            <Input id={`${id}-start`} type="date" required value={start} max={final || undefined} onChange={(event) => setStart(event.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-final`}>{t("finalDate")}</Label>
            <Input id={`${id}-final`} type="date" required value={final} min={start || undefined} onChange={(event) => setFinal(event.target.value)} />
          </div>
          <Button type="submit" variant="outline">
            {t("apply")}
          </Button>
        </form>
      )}
    </div>
  );
}
