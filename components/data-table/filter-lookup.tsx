"use client";

import { Command } from "cmdk";
import { CheckIcon, ChevronDownIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Popover } from "radix-ui";
import { useDeferredValue, useId, useState } from "react";
import type { UseLookupOptions } from "@/components/catalog/lookup-field";
import { cn } from "@/lib/utils";

export interface FilterLookupProps {
  label: string;
  /** The filter's value in the URL, undefined for "all". */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  /** The records matching what was typed (searched on the server), the chosen one kept among them. */
  useOptions: UseLookupOptions;
  /** The label of "no filter" ("All" by default). */
  allLabel?: string;
}

/**
 * A list filter over records that may be many (brands, partners): a button showing the
 * choice that opens a searchable list (a cmdk combobox fed by the server's search), with
 * "all" first to remove the filter. A plain select only ever offers the first page.
 */
export function FilterLookup({ label, value, onChange, useOptions, allLabel }: FilterLookupProps) {
  const t = useTranslations("lookup");
  const common = useTranslations("common");
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState("");
  const deferred = useDeferredValue(search.trim());
  const { options, isLoading } = useOptions(deferred, value);
  const chosen = options.find((option) => option.value === value);
  const all = allLabel ?? common("all");
  const choose = (next: string | undefined) => {
    onChange(next);
    setOpen(false);
    setSearch("");
  };
  return (
    <div className="flex items-center gap-2">
      <span id={`${id}-label`} className="text-sm whitespace-nowrap text-muted-foreground">
        {label}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          role="combobox"
          aria-expanded={open}
          aria-labelledby={`${id}-label ${id}-value`}
          className="flex h-9 w-44 items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40"
        >
          <span id={`${id}-value`} className="truncate">
            {value ? (chosen?.label ?? common("loading")) : all}
          </span>
          <ChevronDownIcon className="size-4 shrink-0 opacity-60" aria-hidden />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={4}
            className="z-50 w-72 rounded-md border bg-popover p-0 text-popover-foreground shadow-md"
          >
            {/* cmdk names its input by the root's label, and its list by the list's. */}
            <Command shouldFilter={false} label={t("filterLabel", { label: label.toLowerCase() })}>
              <Command.Input
                value={search}
                onValueChange={setSearch}
                placeholder={t("filter")}
                className="h-9 w-full border-b bg-transparent px-3 text-sm outline-none"
              />
              <Command.List label={label} className="max-h-64 overflow-y-auto p-1">
                <FilterItem onSelect={() => choose(undefined)} selected={!value}>
                  {all}
                </FilterItem>
                {options.map((option) => (
                  <FilterItem key={option.value} onSelect={() => choose(option.value)} selected={option.value === value}>
                    {option.label}
                  </FilterItem>
                ))}
                {isLoading ? (
                  <Command.Loading className="px-2 py-1.5 text-sm text-muted-foreground">{common("loading")}</Command.Loading>
                ) : (
                  options.length === 0 && (
                    <p className="px-2 py-1.5 text-sm text-muted-foreground">{deferred ? t("noMatch") : t("nothing")}</p>
                  )
                )}
              </Command.List>
            </Command>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}

function FilterItem({ children, selected, onSelect }: { children: React.ReactNode; selected: boolean; onSelect: () => void }) {
  return (
    <Command.Item
      onSelect={onSelect}
      className="flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none select-none data-[selected=true]:bg-accent"
    >
      <CheckIcon className={cn("size-4", selected ? "opacity-100" : "opacity-0")} aria-hidden />
      <span className="truncate">{children}</span>
    </Command.Item>
  );
}
