"use client";

import { PowerIcon, PowerOffIcon, Trash2Icon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Breadcrumbs } from "@/components/panel/breadcrumbs";
import { useCan } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { RecordActivity, RecordLayout } from "@/components/records/record-activity";
import { useDynamicTranslations } from "@/lib/i18n";
import type { Permission } from "@/lib/permissions";
import { useConfirmDelete } from "./confirm-delete";
import { FormSkeleton } from "./form-skeleton";
import type { ResourceName } from "./resources";

/** What the "New …" and record pages of one resource share. */
export interface RecordPageOptions {
  /** The resource's messages (title, noun, "new"...): "measureUnits". */
  resource: ResourceName;
  /** The list the breadcrumbs lead back to (as the user left it: `listHref("/brands")`). */
  list: string;
  /** What the role must be allowed to write the resource; "manage" by default. */
  can?: Permission;
  /** A wider card, for forms with two columns of fields. */
  wide?: boolean;
}

/** The kind of record in the audit log of each resource with record pages. */
const auditEntity: Partial<Record<ResourceName, string>> = {
  brands: "brand",
  categories: "category",
  products: "product",
  alternativeUnits: "alternative_unit",
  measureUnits: "measure_unit",
  variations: "variation",
  warehouses: "warehouse",
  profiles: "profile",
  partners: "partner",
  sellers: "seller",
  companies: "company",
  statuses: "status",
  paymentMethods: "payment_method",
  deliveryMethods: "delivery_method",
  coupons: "coupon",
  customFields: "entity_attribute",
  users: "user",
  discounts: "discount",
  priceTables: "price_table",
  solutions: "solution",
  taxRules: "tax_rule",
};

const cardWidth = (wide?: boolean) => (wide ? "max-w-4xl" : "max-w-3xl");

/** The "New …" page of a resource: breadcrumbs, the form in a card, or why the role may not. */
export function NewRecordPage({ resource, list, can = "manage", wide, children }: RecordPageOptions & { children: React.ReactNode }) {
  const t = useTranslations("record");
  const messages = useDynamicTranslations(resource);
  const allowed = useCan(can);
  return (
    <>
      <PageHeader title={messages("new")}>
        <Breadcrumbs items={[{ label: messages("title"), href: list }, { label: messages("new") }]} />
      </PageHeader>
      <Card className={cardWidth(wide)}>
        <CardContent>{allowed ? children : <p className="text-sm text-muted-foreground">{t("mayNotCreate")}</p>}</CardContent>
      </Card>
    </>
  );
}

export interface EditRecordPageProps<Row extends { id: string }> extends RecordPageOptions {
  /** The record's `get` query. */
  query: { data: Row | undefined; error: unknown; refetch: () => unknown };
  /** The page's title; the delete confirmation names the record by it too. */
  title: (row: Row) => string;
  /** The line under the title (`row` is undefined while it loads); by default how to edit it, or that the role may only view it. */
  description?: (row: Row | undefined, readOnly: boolean) => React.ReactNode;
  /** Next to the title once loaded, e.g. an Active badge. */
  badge?: (row: Row) => React.ReactNode;
  /** Deletes the record (asked for confirmation first); the page then goes back to the list. */
  remove: (row: Row) => Promise<unknown>;
  /** Buttons next to Delete, e.g. Enable/Disable. */
  actions?: (row: Row) => React.ReactNode;
  /** The form of the loaded record. */
  children: (row: Row, options: { readOnly: boolean; secondaryActions: React.ReactNode }) => React.ReactNode;
  /** More cards under the form's, shown while the record loads too (e.g. opening hours). */
  below?: (options: { readOnly: boolean }) => React.ReactNode;
  /**
   * The record's kind in the audit log ("partner"): the page shows who created and last
   * changed it, and its activity timeline, next to the form. `false` for none.
   */
  history?: string | false;
  /** Cards of the records related to this one (a seller's partners), above the timeline. */
  related?: (row: Row) => React.ReactNode;
}

/** A record's page: its form (read only for roles that may not write), Delete with confirmation, load failures. */
export function EditRecordPage<Row extends { id: string }>(props: EditRecordPageProps<Row>) {
  const { resource, list, can = "manage", wide, query, title, description, badge, remove, actions, children, below, related } = props;
  const history = props.history ?? auditEntity[resource];
  const t = useTranslations();
  const messages = useDynamicTranslations(resource);
  const router = useRouter();
  const readOnly = !useCan(can);
  const confirmDelete = useConfirmDelete<Row>({ resource, describe: title, remove, onDeleted: () => router.push(list) });
  const row = query.data;
  const breadcrumbs = <Breadcrumbs items={[{ label: messages("title"), href: list }, { label: row ? title(row) : messages("one") }]} />;
  if (query.error) return <LoadFailure error={query.error} breadcrumbs={breadcrumbs} onRetry={() => query.refetch()} />;
  const form = row ? (
    children(row, {
      readOnly,
      secondaryActions: !readOnly && (
        <>
          <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => confirmDelete.request(row)}>
            <Trash2Icon aria-hidden />
            {t("common.delete")}
          </Button>
          {actions?.(row)}
        </>
      ),
    })
  ) : (
    <FormSkeleton label={t("record.loading")} />
  );
  return (
    <>
      <PageHeader
        title={row ? title(row) : <Skeleton className="h-8 w-56" />}
        description={description ? description(row, readOnly) : readOnly ? t("record.viewOnly") : t("record.editDescription")}
        actions={row && badge?.(row)}
      >
        {breadcrumbs}
      </PageHeader>
      <RecordLayout
        aside={
          row &&
          (history || related) && (
            <>
              {related?.(row)}
              {history && <RecordActivity entity={history} id={row.id} version={row} />}
            </>
          )
        }
      >
        {below ? (
          <div className={`grid ${cardWidth(wide)} gap-6`}>
            <Card>
              <CardContent>{form}</CardContent>
            </Card>
            {below({ readOnly })}
          </div>
        ) : (
          <Card className={cardWidth(wide)}>
            <CardContent>{form}</CardContent>
          </Card>
        )}
      </RecordLayout>
      {confirmDelete.dialog}
    </>
  );
}

/** Disable or Enable, by the record's state: an extra action of a record page. */
export function ToggleActiveButton({ active, pending, onClick }: { active: boolean; pending: boolean; onClick: () => void }) {
  const t = useTranslations("common");
  return (
    <Button variant="outline" disabled={pending} onClick={onClick}>
      {active ? <PowerOffIcon aria-hidden /> : <PowerIcon aria-hidden />}
      {active ? t("disable") : t("enable")}
    </Button>
  );
}
