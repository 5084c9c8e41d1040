"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { listHref } from "@/components/data-table";
import { Breadcrumbs } from "@/components/panel/breadcrumbs";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { useOrderName } from "@/components/records/order-name";
import { FormSkeleton } from "@/components/resource-form";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";
import { OrderForm } from "../../order-form";
import { isEditable } from "../order-flow";

/** Editing an order: the order form with the stored order, unless it is invoiced, canceled or final (the API would answer 409). */
export function EditOrder({ id }: { id: string }) {
  const t = useTranslations("orders");
  const record = useTranslations("record");
  const canSell = useCan("sell");
  const orderName = useOrderName();
  const query = trpc.orders.get.useQuery({ id });
  const breadcrumbs = (
    <Breadcrumbs
      items={[
        { label: t("title"), href: listHref("/orders") },
        { label: query.data ? orderName(query.data) : t("one"), href: `/orders/${id}` },
        { label: t("edit") },
      ]}
    />
  );
  if (query.error) return <LoadFailure error={query.error} breadcrumbs={breadcrumbs} onRetry={() => void query.refetch()} />;
  const order = query.data;
  if (!order) return <FormSkeleton label={t("one")} />;
  if (!canSell || !isEditable(order))
    return (
      <>
        <PageHeader title={t("edit")}>{breadcrumbs}</PageHeader>
        <div role="alert" className="flex flex-col items-start gap-3 text-sm text-muted-foreground">
          <p>{canSell ? t("lockedDescription", { status: order.status_detail.title }) : record("viewOnly")}</p>
          <Button variant="outline" size="sm" asChild>
            <Link href={`/orders/${id}`}>{t("backToOrder")}</Link>
          </Button>
        </div>
      </>
    );
  // Keyed by the order, not its version: a refetch while editing keeps what was typed.
  return <OrderForm key={order.id} mode="edit" order={order} />;
}
