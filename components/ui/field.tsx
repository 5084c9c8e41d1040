"use client";

import { Slot } from "radix-ui";
import { useId } from "react";
import { cn } from "@/lib/utils";
import { Label } from "./label";

export interface FieldProps {
  label: React.ReactNode;
  /** The message of a failed check: shown under the control and announced with it. */
  error?: string;
  description?: React.ReactNode;
  required?: boolean;
  /** "horizontal" puts a checkbox or switch before its label. */
  orientation?: "vertical" | "horizontal";
  className?: string;
  /** Exactly one control (input, select trigger, switch...): it gets the id and aria attributes. */
  children: React.ReactElement;
}

/**
 * A labelled form control with its help text and inline error: binds the label to the
 * control and sets aria-invalid and aria-describedby on it.
 */
export function Field({ label, error, description, required, orientation = "vertical", className, children }: FieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  const control = (
    <Slot.Root id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} aria-required={required || undefined}>
      {children}
    </Slot.Root>
  );
  const labelElement = (
    <Label htmlFor={id}>
      {label}
      {required && (
        <span className="text-destructive" aria-hidden>
          *
        </span>
      )}
    </Label>
  );
  return (
    <div
      data-slot="field"
      data-invalid={error ? true : undefined}
      className={cn("grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-2", className)}
    >
      {orientation === "horizontal" ? (
        <div className="flex items-center gap-3">
          {control}
          {labelElement}
        </div>
      ) : (
        <>
          {labelElement}
          {control}
        </>
      )}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
