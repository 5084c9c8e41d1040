/** A status of a sale or receivable in its own colours (statuses carry background and font colours). */
export function StatusBadge({ title, background, font }: { title: string; background: string; font: string }) {
  return (
    <span
      className="inline-flex items-center rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap"
      style={{ backgroundColor: background, color: font }}
    >
      {title}
    </span>
  );
}
