import { Skeleton } from "@/components/ui/skeleton";

/** What a record's form shows while the record loads. */
export function FormSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-5" role="status" aria-busy="true" aria-label={label}>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}
