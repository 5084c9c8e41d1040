"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { trpc } from "@/lib/trpc";
import { AvailableQuantity, StockQuantity } from "./stock-figures";

/** The product page's stock: one line per warehouse (and company, and variation), each linking to its ledger. */
export function ProductStock({ productId }: { productId: string }) {
  const t = useTranslations("stock");
  const stock = trpc.stock.ofProduct.useQuery({ product_id: productId });
  if (!stock.data) return null;
  return (
    <section aria-labelledby="product-stock" className="mt-10 grid gap-3">
      <h2 id="product-stock" className="text-lg font-semibold">
        {t("productStock")}
      </h2>
      {stock.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("productStockEmpty")}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t("fields.warehouse")}</TableHead>
              <TableHead>{t("fields.company")}</TableHead>
              <TableHead>{t("fields.product_variation_id")}</TableHead>
              <TableHead>{t("fields.total")}</TableHead>
              <TableHead>{t("fields.reserved")}</TableHead>
              <TableHead>{t("fields.available")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {stock.data.map((record) => (
              <TableRow key={record.id}>
                <TableCell>
                  <Link href={`/stock/${record.id}`} className="font-medium underline-offset-4 hover:underline focus-visible:underline">
                    {record.warehouse.name}
                  </Link>
                </TableCell>
                <TableCell>{record.company.name}</TableCell>
                <TableCell>{record.product.variation_name ?? "—"}</TableCell>
                <TableCell>
                  <StockQuantity record={record} value={record.total} />
                </TableCell>
                <TableCell>
                  <StockQuantity record={record} value={record.reserved} />
                </TableCell>
                <TableCell>
                  <AvailableQuantity record={record} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
