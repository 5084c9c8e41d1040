import { PlusIcon } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";

/** A list page's main action: the link to its "New …" page. */
export function NewRecordLink({ href, children }: { href: string; children: React.ReactNode }) {
  return (
    <Button asChild>
      <Link href={href}>
        <PlusIcon aria-hidden />
        {children}
      </Link>
    </Button>
  );
}
