"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

/** swagger-ui touches `window` as it loads: the browser alone renders it. */
const SwaggerView = dynamic(() => import("./swagger-view"), {
  ssr: false,
  loading: () => <Loading />,
});

function Loading() {
  const t = useTranslations("docs");
  return (
    <div className="grid gap-3" role="status" aria-busy="true" aria-label={t("loading")}>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

export function ApiReference({ url }: { url: string }) {
  const t = useTranslations("docs");
  return (
    <div className="api-reference overflow-hidden rounded-lg border bg-card p-2">
      <SwaggerView url={url} labels={{ servers: t("servers"), operations: t("title") }} />
    </div>
  );
}
