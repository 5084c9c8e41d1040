"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useProblemMessages } from "@/lib/problem";

export interface RelatedRecordsProps<Row> {
  /** The heading: "Parceiros deste vendedor". */
  title: string;
  /** A page of the related list (a tRPC `useQuery` of the list, filtered). */
  query: { data: { total: number; items: Row[] } | undefined; isPending: boolean; error: unknown };
  /** Where one related record opens. */
  href: (row: Row) => string;
  /** Its name and a second line. */
  describe: (row: Row) => { title: string; subtitle?: string | null };
  /** The whole related list (the list page, filtered by this record), when the list page filters by it: always linked. */
  allHref?: string;
  empty: string;
}

/** A record's related records: the first few, each a link, how many there are, and the whole list. */
export function RelatedRecords<Row extends { id: string }>({ title, query, href, describe, allHref, empty }: RelatedRecordsProps<Row>) {
  const t = useTranslations("activity");
  const problems = useProblemMessages();
  const total = query.data?.total ?? 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center justify-between gap-2 text-base">
          <span>{title}</span>
          {query.data && <span className="text-sm font-normal text-muted-foreground">{total}</span>}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {query.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : query.error ? (
          <p role="alert" className="text-destructive">
            {problems.message(query.error)}
          </p>
        ) : total === 0 ? (
          <p className="text-muted-foreground">{empty}</p>
        ) : (
          <>
            <ul className="grid gap-1.5" aria-label={title}>
              {query.data?.items.map((row) => {
                const { title: name, subtitle } = describe(row);
                return (
                  <li key={row.id} className="grid">
                    <Link href={href(row)} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
                      {name}
                    </Link>
                    {subtitle && <span className="text-xs text-muted-foreground">{subtitle}</span>}
                  </li>
                );
              })}
            </ul>
            {allHref ? (
              <Link href={allHref} className="text-sm underline underline-offset-4">
                {t("seeAll", { count: total })}
              </Link>
            ) : (
              total > (query.data?.items.length ?? 0) && <p className="text-muted-foreground">{t("inAll", { count: total })}</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
