"use client";

import { SearchIcon, XIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

export interface SearchInputProps {
  value: string;
  onSearch: (value: string) => void;
  placeholder?: string;
  /** Milliseconds of quiet typing before `onSearch` runs. */
  delay?: number;
  className?: string;
}

/** A search box that reports what was typed once typing pauses (Enter and leaving the box report at once). */
export function SearchInput({ value, onSearch, placeholder, delay = 300, className }: SearchInputProps) {
  const t = useTranslations("table");
  const hint = placeholder ?? t("search");
  const [text, setText] = useState(value);
  const reported = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  // The URL changed by itself (back button, "clear filters"): show what it holds.
  useEffect(() => {
    if (value !== reported.current) {
      reported.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === reported.current) return;
    const timer = setTimeout(() => {
      // Already reported (Enter, leaving the box): nothing to do.
      if (text === reported.current) return;
      reported.current = text;
      onSearchRef.current(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);

  const report = (next: string) => {
    reported.current = next;
    onSearchRef.current(next);
  };

  return (
    <div className={cn("relative w-full sm:max-w-xs", className)}>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        role="searchbox"
        aria-label={hint.replace(/…$/, "")}
        placeholder={hint}
        value={text}
        onChange={(event) => setText(event.target.value)}
        // Leaving the box (e.g. to click a row of the list) reports what was typed at once,
        // so a late report cannot take the page back to the list after that click.
        onBlur={() => text !== reported.current && report(text)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            report(text);
          }
        }}
        className="pr-8 pl-8 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          onClick={() => {
            setText("");
            report("");
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <XIcon className="size-4" aria-hidden />
          <span className="sr-only">{t("clearSearch")}</span>
        </button>
      )}
    </div>
  );
}
