"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { uploadFiles } from "@/components/files";
import { Input } from "@/components/ui/input";
import { isValidNfeKey, normalizeNfeKey } from "@/server/lib/nfe-key";
import type { InvoiceInput } from "@/server/orders/orders/schemas";

/** An NF-e being entered: its access key as typed, and the XML and DANFE chosen. */
export function useNfeForm() {
  const [key, setKey] = useState("");
  const [xml, setXml] = useState<File | null>(null);
  const [danfe, setDanfe] = useState<File | null>(null);
  const normalized = normalizeNfeKey(key);
  return {
    key,
    setKey,
    setXml,
    setDanfe,
    valid: isValidNfeKey(normalized),
    reset() {
      setKey("");
      setXml(null);
      setDanfe(null);
    },
    invalid: key !== "" && !isValidNfeKey(normalized),
    /** Uploads the files chosen (as the signed-in user) and answers the invoice as an order write takes it. */
    async invoice(): Promise<InvoiceInput> {
      const [xmlFile] = xml ? await uploadFiles([xml]) : [];
      const [danfeFile] = danfe ? await uploadFiles([danfe]) : [];
      return { invoice_key: normalized, xml_resource_id: xmlFile?.id ?? null, danfe_resource_id: danfeFile?.id ?? null };
    },
  };
}
export type NfeForm = ReturnType<typeof useNfeForm>;

/** The access key (checked as typed: 44 digits, modulo 11), the XML and the DANFE of an NF-e. */
export function NfeFields({ form }: { form: NfeForm }) {
  const t = useTranslations("orders");
  const errorId = useId();
  return (
    <>
      <label className="grid gap-1 text-sm font-medium">
        {t("fields.invoice_key")}
        <Input
          value={form.key}
          onChange={(event) => form.setKey(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={form.invalid}
          aria-describedby={form.invalid ? errorId : undefined}
          className="font-mono"
        />
        {form.invalid && (
          <span id={errorId} className="text-xs text-destructive">
            {t("invalidKey")}
          </span>
        )}
      </label>
      <label className="grid gap-1 text-sm font-medium">
        {t("xmlFile")}
        <Input type="file" accept=".xml,application/xml,text/xml" onChange={(event) => form.setXml(event.target.files?.[0] ?? null)} />
      </label>
      <label className="grid gap-1 text-sm font-medium">
        {t("danfeFile")}
        <Input type="file" accept=".pdf,application/pdf" onChange={(event) => form.setDanfe(event.target.files?.[0] ?? null)} />
      </label>
    </>
  );
}
