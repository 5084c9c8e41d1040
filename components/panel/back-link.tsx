import { ChevronLeftIcon } from "lucide-react";
import Link from "next/link";

/** "‹ Brands" above a record's title. */
export function BackLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      <ChevronLeftIcon className="size-4" aria-hidden />
      {children}
    </Link>
  );
}
