/** An order status in its own colours (the status's background and font colours). */
export function StatusChip({ title, background, font }: { title: string; background: string | null; font: string | null }) {
  return (
    <span
      className="inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap"
      style={{
        backgroundColor: background ?? undefined,
        color: font ?? undefined,
        borderColor: font ? `${font}33` : undefined,
      }}
    >
      {title}
    </span>
  );
}
