"use client";

import { ArrowDownIcon, ArrowUpIcon, EqualIcon, ImageOffIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useId } from "react";
import { Bar, BarChart, CartesianGrid, LabelList, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { PageHeader } from "@/components/panel/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** A table inside ChartCard's scrolling region (no scroll container of its own). */
function FigureTable({ children }: { children: React.ReactNode }) {
  return <table className="w-full caption-bottom text-sm">{children}</table>;
}
import { useFormat, type Format } from "@/lib/format";
import { useProblemMessages } from "@/lib/problem";
import { trpc, type RouterOutputs } from "@/lib/trpc";
import { LowStockCard } from "./low-stock-card";
import { PeriodPicker, PRESETS, type PeriodChoice } from "./period-picker";

type Dashboard = RouterOutputs["dashboard"]["get"];
type Kpi = Dashboard["kpis"]["revenue"];

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period kept in the URL: ?days=30, or ?start=YYYY-MM-DD&final=YYYY-MM-DD. */
function usePeriod(): [PeriodChoice, (choice: PeriodChoice) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const start = params.get("start") ?? "";
  const final = params.get("final") ?? "";
  const days = params.get("days") ?? "30";
  const choice: PeriodChoice =
    ISO_DAY.test(start) && ISO_DAY.test(final) && start <= final
      ? { preset: "custom", start, final }
      : { preset: (PRESETS as readonly string[]).includes(days) ? (days as (typeof PRESETS)[number]) : "30" };
  const change = (next: PeriodChoice) => {
    const query = next.preset === "custom" ? `start=${next.start}&final=${next.final}` : `days=${next.preset}`;
    router.replace(`${pathname}?${query}`, { scroll: false });
  };
  return [choice, change];
}

/** The panel's home page: KPIs, revenue by day, the funnel, top products and receivables of a period against the one before; low stock now. */
export function Dashboard() {
  const t = useTranslations("dashboard");
  const format = useFormat();
  const problems = useProblemMessages();
  const [period, setPeriod] = usePeriod();
  const input = period.preset === "custom" ? { start_date: period.start, final_date: period.final } : { days: Number(period.preset) };
  const query = trpc.dashboard.get.useQuery(input, { placeholderData: (previous) => previous });
  const data = query.data;
  return (
    <>
      <PageHeader
        title={t("title")}
        description={
          data ? (
            <>
              {t("range", { start: format.date(data.period.start), final: format.date(data.period.final) })} ·{" "}
              {t("comparedWith", { start: format.date(data.previous_period.start), final: format.date(data.previous_period.final) })}
              {data.figures_of === "SELLER" && (
                <>
                  {" · "}
                  <strong className="font-medium">{t("sellerFigures")}</strong>
                </>
              )}
            </>
          ) : (
            t("description")
          )
        }
        actions={<PeriodPicker value={period} onChange={setPeriod} />}
      />
      {query.error && !data ? (
        <div role="alert" className="text-sm text-muted-foreground">
          {t("loadFailed")} {problems.message(query.error)}
        </div>
      ) : !data ? (
        <div role="status" aria-busy="true" aria-label={t("title")} className="grid grid-cols-[repeat(auto-fit,minmax(15rem,1fr))] gap-4">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} className="h-28" />
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-6" aria-busy={query.isFetching ? "true" : undefined}>
          {/* Each card wide enough for its figure (R$ 1.516.840,06 whole), as many per row as fit. */}
          <section aria-label={t("title")} className="grid grid-cols-[repeat(auto-fit,minmax(15rem,1fr))] gap-4">
            <KpiCard id="revenue" label={t("kpis.revenue")} kpi={data.kpis.revenue} show={format.money} />
            <KpiCard id="sales" label={t("kpis.sales")} kpi={data.kpis.sales} show={(value) => format.number(value)} />
            <KpiCard id="average-ticket" label={t("kpis.averageTicket")} kpi={data.kpis.average_ticket} show={format.money} />
            <KpiCard
              id="open-receivables"
              label={t("kpis.openReceivables")}
              kpi={data.kpis.open_receivables}
              show={format.money}
              note={t("receivablesNote")}
            />
            <KpiCard
              id="overdue-receivables"
              label={t("kpis.overdueReceivables")}
              kpi={data.kpis.overdue_receivables}
              show={format.money}
              note={t("receivablesNote")}
              lowerIsBetter
            />
          </section>
          <RevenueByDay data={data} format={format} />
          <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
            <Funnel data={data} format={format} />
            <TopProducts data={data} format={format} />
          </div>
          <div className="grid gap-6 xl:grid-cols-2 [&>*]:min-w-0">
            <Aging data={data} format={format} />
            <LowStockCard />
          </div>
        </div>
      )}
    </>
  );
}

function KpiCard({
  id,
  label,
  kpi,
  show,
  note,
  lowerIsBetter = false,
}: {
  id: string;
  label: string;
  kpi: Kpi;
  show: (value: number) => string;
  note?: string;
  lowerIsBetter?: boolean;
}) {
  const t = useTranslations("dashboard");
  const format = useFormat();
  const labelId = `kpi-${id}`;
  const change = kpi.change;
  const good = change === null || change === 0 ? null : change > 0 !== lowerIsBetter;
  const Icon = change === null || change === 0 ? EqualIcon : change > 0 ? ArrowUpIcon : ArrowDownIcon;
  const words =
    change === null
      ? t("change.none")
      : change === 0
        ? t("change.same")
        : t(change > 0 ? "change.up" : "change.down", { value: format.percent(Math.abs(change)) });
  return (
    <Card role="group" aria-labelledby={labelId} data-testid={`kpi-${id}`} className="gap-2">
      <CardHeader>
        <CardDescription id={labelId}>{label}</CardDescription>
        <p className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere] xl:text-2xl" data-testid={`kpi-${id}-value`}>
          {show(kpi.current)}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 text-xs">
        <p className={good === null ? "text-muted-foreground" : good ? "text-success" : "text-destructive"}>
          <Icon className="mr-1 inline size-3.5 align-[-2px]" aria-hidden />
          {change !== null && change !== 0 && <span className="font-medium">{format.percent(change, { signed: true })} </span>}
          <span className={change !== null && change !== 0 ? "sr-only" : undefined}>{words}</span>
        </p>
        <p className="text-muted-foreground">{t("change.previous", { value: show(kpi.previous) })}</p>
        {note && <p className="text-muted-foreground">{note}</p>}
      </CardContent>
    </Card>
  );
}

/** A chart and the same figures as a table, for those who do not see the chart. */
function ChartCard({
  title,
  description,
  chart,
  table,
}: {
  title: string;
  description: string;
  chart: React.ReactNode;
  table: React.ReactNode;
}) {
  const t = useTranslations("dashboard");
  const id = useId();
  return (
    <Card aria-labelledby={`${id}-title`} role="region" className="min-w-0">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <CardDescription id={`${id}-description`}>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-description`} className="h-72 w-full">
          {chart}
        </figure>
        <details>
          <summary className="cursor-pointer text-sm text-primary underline-offset-4 hover:underline">{t("showTable")}</summary>
          {/* Scrolls by keyboard too: the region takes the focus. */}
          <div
            role="region"
            aria-labelledby={`${id}-title`}
            tabIndex={0}
            className="mt-2 max-h-96 overflow-auto rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
          >
            {table}
          </div>
        </details>
      </CardContent>
    </Card>
  );
}

const axisTick = { fontSize: 12, fill: "var(--muted-foreground)" };

function RevenueByDay({ data, format }: { data: Dashboard; format: Format }) {
  const t = useTranslations("dashboard.revenueByDay");
  const rows = data.revenue_by_day;
  return (
    <ChartCard
      title={t("title")}
      description={t("description")}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="2 4" stroke="var(--border)" />
            <XAxis dataKey="day" tickFormatter={(day: string) => format.date(day).slice(0, 5)} tick={axisTick} minTickGap={16} />
            <YAxis tickFormatter={(value: number) => format.number(value, { maxDecimals: 0 })} tick={axisTick} width={72} />
            <Tooltip
              formatter={(value) => format.money(Number(value))}
              labelFormatter={(day) => format.date(String(day))}
              contentStyle={{ background: "var(--popover)", border: "1px solid var(--border)", color: "var(--popover-foreground)" }}
            />
            <Legend />
            <Line type="monotone" dataKey="revenue" name={t("current")} stroke="var(--primary)" strokeWidth={2} dot={false} />
            <Line
              type="monotone"
              dataKey="previous_revenue"
              name={t("previous")}
              stroke="var(--muted-foreground)"
              strokeWidth={2}
              strokeDasharray="6 4"
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{t("day")}</TableHead>
              <TableHead scope="col" className="text-right">
                {t("current")}
              </TableHead>
              <TableHead scope="col">{t("previousDay")}</TableHead>
              <TableHead scope="col" className="text-right">
                {t("previous")}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.day}>
                <TableCell>{format.date(row.day)}</TableCell>
                <TableCell className="text-right tabular-nums">{format.money(row.revenue)}</TableCell>
                <TableCell>{format.date(row.previous_day)}</TableCell>
                <TableCell className="text-right tabular-nums">{format.money(row.previous_revenue)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </FigureTable>
      }
    />
  );
}

function Funnel({ data, format }: { data: Dashboard; format: Format }) {
  const t = useTranslations("dashboard.funnel");
  const rows = data.funnel.map((stage) => ({
    ...stage,
    name: t(`stages.${stage.stage}`),
    label: t("label", { quantity: format.number(stage.quantity), conversion: format.percent(stage.conversion) }),
  }));
  return (
    <ChartCard
      title={t("title")}
      description={t("description")}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 96, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="2 4" stroke="var(--border)" horizontal={false} />
            <XAxis type="number" tick={axisTick} allowDecimals={false} />
            <YAxis type="category" dataKey="name" tick={axisTick} width={112} />
            <Tooltip
              formatter={(value) => format.number(Number(value))}
              contentStyle={{ background: "var(--popover)", border: "1px solid var(--border)", color: "var(--popover-foreground)" }}
            />
            <Bar dataKey="quantity" name={t("quantity")} fill="var(--primary)" radius={[0, 4, 4, 0]}>
              <LabelList dataKey="label" position="right" style={{ fontSize: 12, fill: "var(--foreground)" }} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{t("stage")}</TableHead>
              <TableHead scope="col" className="text-right">
                {t("quantity")}
              </TableHead>
              <TableHead scope="col" className="text-right">
                {t("ofSessions")}
              </TableHead>
              <TableHead scope="col" className="text-right">
                {t("conversion")}
              </TableHead>
              <TableHead scope="col" className="text-right">
                {t("previous")}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.stage} data-testid={`funnel-${row.stage}`}>
                <TableCell>{row.name}</TableCell>
                <TableCell className="text-right tabular-nums">{format.number(row.quantity)}</TableCell>
                <TableCell className="text-right tabular-nums">{format.percent(row.percentage)}</TableCell>
                <TableCell className="text-right tabular-nums">{format.percent(row.conversion)}</TableCell>
                <TableCell className="text-right tabular-nums">{format.number(row.previous_quantity)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </FigureTable>
      }
    />
  );
}

function TopProducts({ data, format }: { data: Dashboard; format: Format }) {
  const t = useTranslations("dashboard.topProducts");
  return (
    <Card role="region" aria-labelledby="top-products-title">
      <CardHeader>
        <CardTitle id="top-products-title">{t("title")}</CardTitle>
        <CardDescription>{t("description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {data.top_products.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">{t("product")}</TableHead>
                <TableHead scope="col" className="text-right">
                  {t("quantity")}
                </TableHead>
                <TableHead scope="col" className="text-right">
                  {t("total")}
                </TableHead>
                <TableHead scope="col" className="text-right">
                  {t("sales")}
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.top_products.map((product) => (
                <TableRow key={product.product_id} data-testid="top-product">
                  <TableCell>
                    <div className="flex items-center gap-3">
                      {product.image_url ? (
                        // Thumbnails of the org's own files: served as uploaded, no optimizer in between.
                        // eslint-disable-next-line @next/next/no-img-element
                        <img src={product.image_url} alt="" className="size-10 rounded-md border object-cover" loading="lazy" />
                      ) : (
                        <span className="flex size-10 items-center justify-center rounded-md border bg-muted" title={t("noImage")}>
                          <ImageOffIcon className="size-4 text-muted-foreground" aria-hidden />
                        </span>
                      )}
                      <span className="flex flex-col">
                        <Link
                          href={`/products/${product.product_id}`}
                          className="font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
                        >
                          {product.product_name}
                        </Link>
                        <span className="font-mono text-xs text-muted-foreground">{product.sku}</span>
                      </span>
                    </div>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{format.number(product.quantity)}</TableCell>
                  <TableCell className="text-right tabular-nums">{format.money(product.total_value)}</TableCell>
                  <TableCell className="text-right tabular-nums">{format.number(product.sales_count)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function Aging({ data, format }: { data: Dashboard; format: Format }) {
  const t = useTranslations("dashboard.aging");
  const rows = data.receivables_aging.map((bucket) => ({
    ...bucket,
    name: t(`buckets.${bucket.bucket}`),
    label: format.money(bucket.value),
  }));
  return (
    <ChartCard
      title={t("title")}
      description={t("description")}
      chart={
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 24, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="2 4" stroke="var(--border)" vertical={false} />
            <XAxis dataKey="name" tick={axisTick} />
            <YAxis tickFormatter={(value: number) => format.number(value, { maxDecimals: 0 })} tick={axisTick} width={72} />
            <Tooltip
              formatter={(value) => format.money(Number(value))}
              contentStyle={{ background: "var(--popover)", border: "1px solid var(--border)", color: "var(--popover-foreground)" }}
            />
            <Bar dataKey="value" name={t("value")} fill="var(--primary)" radius={[4, 4, 0, 0]}>
              <LabelList dataKey="label" position="top" style={{ fontSize: 12, fill: "var(--foreground)" }} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <FigureTable>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{t("bucket")}</TableHead>
              <TableHead scope="col" className="text-right">
                {t("value")}
              </TableHead>
              <TableHead scope="col" className="text-right">
                {t("count")}
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.bucket}>
                <TableCell>{row.name}</TableCell>
                <TableCell className="text-right tabular-nums">{format.money(row.value)}</TableCell>
                <TableCell className="text-right tabular-nums">{format.number(row.count)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </FigureTable>
      }
    />
  );
}
