"use client";

import { ArrowLeftIcon, ArrowRightIcon, ImageUpIcon, Loader2Icon, StarIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState } from "react";
import { useController, type FieldValues } from "react-hook-form";
import { useCurrentUser } from "@/components/panel/current-user";
import { fieldMessage, type BoundFieldProps } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { statusOf, useProblemMessages } from "@/lib/problem";
import { IMAGE_TYPES, MAX_FILE_BYTES, resourceFileUrl, uploadFiles } from "./upload";

/** One picked image: the stored file and whether it is the main one. The list order is the images' order. */
export interface PickedImage {
  resource_file_id: string;
  main: boolean;
}

export interface ImagePickerProps {
  value: readonly PickedImage[];
  onChange: (images: PickedImage[]) => void;
  /** Names the group (and the drop zone). */
  label: string;
  /** Said to screen readers only: a heading right above already shows it. */
  labelHidden?: boolean;
  description?: React.ReactNode;
  /** A failed check of the list or of one image, already worded. */
  error?: string;
  /** The most images the record takes. */
  max?: number;
  disabled?: boolean;
  /** The alt text of the image at `index` (0-based), e.g. "Furadeira, imagem 1 de 3". */
  altText: (index: number, count: number) => string;
}

const MIME_TYPES: readonly string[] = IMAGE_TYPES;

/** The list with one item moved from `from` to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** One main image at most: the chosen one; the first when none is chosen (what the server does too). */
function withMain(images: PickedImage[], mainId?: string): PickedImage[] {
  const chosen = mainId ?? images.find((image) => image.main)?.resource_file_id ?? images[0]?.resource_file_id;
  return images.map((image) => ({ ...image, main: image.resource_file_id === chosen }));
}

/**
 * Images of a record (a product, a brand): uploaded by dropping files on it or through
 * the file chooser (`POST /resource-files`), shown as thumbnails, reordered by dragging
 * or with the arrow buttons (keyboard), one chosen as the main image, removed. Every
 * change is announced to screen readers.
 */
export function ImagePicker({ value, onChange, label, labelHidden, description, error, max = 20, disabled, altText }: ImagePickerProps) {
  const t = useTranslations("files");
  const failures = useProblemMessages();
  const { organizationId } = useCurrentUser();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [uploading, setUploading] = useState(false);
  const [dropping, setDropping] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [problems, setProblems] = useState<string[]>([]);
  const count = value.length;
  const full = count >= max;
  // One image at most (a category's): nothing to order, nothing to choose as the main one.
  const single = max === 1;

  const focusControl = (fileId: string, control: string) =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-file="${fileId}"] [data-control="${control}"]`)?.focus());

  const add = async (files: readonly File[]) => {
    if (disabled || uploading || files.length === 0) return;
    const refused: string[] = [];
    const accepted = files.filter((file) => {
      if (!MIME_TYPES.includes(file.type)) refused.push(t("notAnImage", { name: file.name }));
      else if (file.size > MAX_FILE_BYTES) refused.push(t("tooBig", { name: file.name }));
      else return true;
      return false;
    });
    const room = max - count;
    if (accepted.length > room) refused.push(t("tooMany", { max }));
    const sent = accepted.slice(0, Math.max(room, 0));
    setProblems(refused);
    if (sent.length === 0) return;
    setUploading(true);
    setAnnouncement(t("uploading"));
    try {
      const stored = await uploadFiles(sent);
      onChange(withMain([...value, ...stored.map((file) => ({ resource_file_id: file.id, main: false }))]));
      setAnnouncement(t("uploaded", { count: stored.length }));
    } catch (failure) {
      const detail =
        statusOf(failure) === 413 ? t("tooBig", { name: sent.map((file) => file.name).join(", ") }) : failures.message(failure);
      setProblems([...refused, t("uploadFailed", { detail })]);
      setAnnouncement("");
    } finally {
      setUploading(false);
    }
  };

  const move = (from: number, to: number, control?: string) => {
    if (to < 0 || to >= count || from === to) return;
    const image = value[from];
    onChange(moved(value, from, to));
    setAnnouncement(t("moved", { position: to + 1, count }));
    // The same button keeps the focus, or its opposite once the image reached an end (where it is disabled).
    if (image && control) focusControl(image.resource_file_id, to === 0 ? "later" : to === count - 1 ? "earlier" : control);
  };
  const makeMain = (index: number) => {
    const image = value[index];
    if (!image) return;
    onChange(withMain([...value], image.resource_file_id));
    setAnnouncement(t("mainChosen", { index: index + 1 }));
  };
  const remove = (index: number) => {
    const rest = value.filter((_, at) => at !== index);
    onChange(rest.some((image) => image.main) ? rest : withMain(rest));
    setAnnouncement(t("removed", { index: index + 1 }));
    const next = rest[Math.min(index, rest.length - 1)];
    if (next) focusControl(next.resource_file_id, "remove");
  };

  const dragsFiles = (event: React.DragEvent) => event.dataTransfer.types.includes("Files");
  const messages = [...problems, ...(error ? [error] : [])];
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={[description && descriptionId, messages.length > 0 && errorId].filter(Boolean).join(" ") || undefined}
      className="grid gap-2"
    >
      <span id={`${id}-label`} className={labelHidden ? "sr-only" : "text-sm font-medium"}>
        {label}
      </span>
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      <div
        data-testid="image-drop-zone"
        onDragOver={(event) => {
          if (!dragsFiles(event) || disabled) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setDropping(true);
        }}
        onDragLeave={() => setDropping(false)}
        onDrop={(event) => {
          if (!dragsFiles(event)) return;
          event.preventDefault();
          setDropping(false);
          void add(Array.from(event.dataTransfer.files));
        }}
        className={cn(
          "flex flex-col items-center justify-center gap-2 rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground",
          dropping && "border-primary bg-primary/5",
          disabled && "opacity-60",
        )}
      >
        <ImageUpIcon className="size-6" aria-hidden />
        <p>{full ? t("full", { max }) : t("dropHere")}</p>
        <Button type="button" variant="outline" size="sm" disabled={disabled || uploading || full} onClick={() => input.current?.click()}>
          {uploading ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          {uploading ? t("uploading") : t("choose")}
        </Button>
        <input
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          multiple
          hidden
          aria-label={t("chooseFor", { label })}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            void add(files);
          }}
        />
      </div>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{t("none")}</p>
      ) : (
        <ul ref={list} className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label={t("listLabel", { label })}>
          {value.map((image, index) => (
            <li
              key={image.resource_file_id}
              data-file={image.resource_file_id}
              draggable={!disabled}
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", image.resource_file_id);
              }}
              onDragOver={(event) => {
                if (dragged === null || dragsFiles(event)) return;
                event.preventDefault();
              }}
              onDrop={(event) => {
                if (dragged === null || dragsFiles(event)) return;
                event.preventDefault();
                move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
              className={cn(
                "grid gap-2 rounded-md border p-2",
                image.main && "border-primary ring-1 ring-primary",
                dragged === index && "opacity-50",
              )}
            >
              <div className="relative aspect-square overflow-hidden rounded bg-muted">
                {/* eslint-disable-next-line @next/next/no-img-element -- served by the API, any size, no optimizer in between */}
                <img
                  src={resourceFileUrl(organizationId, image.resource_file_id)}
                  alt={altText(index, count)}
                  loading="lazy"
                  className="size-full object-cover"
                />
                {image.main && !single && (
                  <span className="absolute top-1 left-1 rounded bg-primary px-1.5 py-0.5 text-xs font-medium text-primary-foreground">
                    {t("main")}
                  </span>
                )}
              </div>
              <div className={cn("flex items-center gap-1", single ? "justify-end" : "justify-between")}>
                {!single && (
                  <>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      data-control="earlier"
                      disabled={disabled || index === 0}
                      aria-label={t("moveEarlier", { index: index + 1 })}
                      onClick={() => move(index, index - 1, "earlier")}
                    >
                      <ArrowLeftIcon aria-hidden />
                    </Button>
                    <Button
                      type="button"
                      variant={image.main ? "secondary" : "ghost"}
                      size="icon"
                      data-control="main"
                      disabled={disabled}
                      aria-pressed={image.main}
                      aria-label={t("makeMain", { index: index + 1 })}
                      onClick={() => makeMain(index)}
                    >
                      <StarIcon aria-hidden className={cn(image.main && "fill-current")} />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      data-control="later"
                      disabled={disabled || index === count - 1}
                      aria-label={t("moveLater", { index: index + 1 })}
                      onClick={() => move(index, index + 1, "later")}
                    >
                      <ArrowRightIcon aria-hidden />
                    </Button>
                  </>
                )}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  data-control="remove"
                  disabled={disabled}
                  aria-label={t("remove", { index: index + 1 })}
                  onClick={() => remove(index)}
                  className="text-destructive hover:text-destructive"
                >
                  <Trash2Icon aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {messages.length > 0 && (
        <ul id={errorId} className="grid gap-1 text-sm text-destructive" role="alert">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** The first message of a field's errors: the list's own, else one of its items'. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === "string" && own) return own;
  const root = (error as { root?: { message?: unknown } }).root?.message;
  if (typeof root === "string" && root) return root;
  for (const value of Object.values(error)) {
    if (value && typeof value === "object" && value !== error) {
      const nested = firstMessage(value);
      if (nested) return nested;
    }
  }
  return undefined;
}

/** `ImagePicker` bound to a form's `images` field (an array of `{resource_file_id, main}`). */
export function ImagesField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  className,
  max,
  disabled,
  altText,
  labelHidden,
}: BoundFieldProps<T> & Pick<ImagePickerProps, "max" | "disabled" | "altText" | "labelHidden">) {
  const { field, fieldState } = useController({ control, name });
  const value = (field.value as PickedImage[] | undefined) ?? [];
  return (
    <div className={className}>
      <ImagePicker
        value={value}
        onChange={(images) => field.onChange(images)}
        label={label}
        labelHidden={labelHidden}
        description={description}
        error={fieldMessage(label, firstMessage(fieldState.error))}
        max={max}
        disabled={disabled}
        altText={altText}
      />
    </div>
  );
}
