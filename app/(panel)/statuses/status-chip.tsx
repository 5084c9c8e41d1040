import { cn } from "@/lib/utils";

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A status as records show it: its title in its colours. */
export function StatusChip({
  title,
  background,
  font,
  className,
  ...props
}: { title: string; background?: string; font?: string } & React.ComponentProps<"span">) {
  return (
    <span
      className={cn("inline-flex w-fit items-center rounded-full border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap", className)}
      style={{
        backgroundColor: background && HEX.test(background) ? background : undefined,
        color: font && HEX.test(font) ? font : undefined,
      }}
      {...props}
    >
      {title}
    </span>
  );
}
