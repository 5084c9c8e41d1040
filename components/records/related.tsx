"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { RelatedRecords } from "./related-records";
import { useOrderName } from "./order-name";

/** How many related records a record page lists (the rest behind "See all"). */
const FEW = 5;

/** A seller's partners. */
export function SellerPartners({ sellerId }: { sellerId: string }) {
  const t = useTranslations("related");
  const query = trpc.partners.list.useQuery({
    seller_id: sellerId,
    perPage: FEW,
    sort: "name",
    dir: "asc",
  });
  return (
    <RelatedRecords
      title={t("sellerPartners")}
      empty={t("sellerPartnersEmpty")}
      query={query}
      href={(partner) => `/partners/${partner.id}`}
      describe={(partner) => ({
        title: partner.name,
        subtitle: formatFiscalNumber(partner.fiscal_registration_number),
      })}
      allHref={`/partners?seller_id=${sellerId}`}
    />
  );
}

/** A company's sellers. */
export function CompanySellers({ companyId }: { companyId: string }) {
  const t = useTranslations("related");
  const query = trpc.sellers.list.useQuery({
    company_id: companyId,
    perPage: FEW,
    sort: "name",
    dir: "asc",
  });
  return (
    <RelatedRecords
      title={t("companySellers")}
      empty={t("companySellersEmpty")}
      query={query}
      href={(seller) => `/sellers/${seller.id}`}
      describe={(seller) => ({ title: seller.name, subtitle: seller.email })}
      allHref={`/sellers?company_id=${companyId}`}
    />
  );
}

/** The products of a category or of a brand. */
export function ProductsOf({ categoryId, brandId }: { categoryId?: string; brandId?: string }) {
  const t = useTranslations("related");
  const query = trpc.products.list.useQuery({
    ...(categoryId ? { category_id: categoryId } : {}),
    ...(brandId ? { brand_id: brandId } : {}),
    perPage: FEW,
    sort: "name",
    dir: "asc",
    summary: true,
  });
  return (
    <RelatedRecords
      title={categoryId ? t("categoryProducts") : t("brandProducts")}
      empty={categoryId ? t("categoryProductsEmpty") : t("brandProductsEmpty")}
      query={query}
      href={(product) => `/products/${product.id}`}
      describe={(product) => ({ title: product.name, subtitle: product.sku })}
      allHref={categoryId ? `/products?category_id=${categoryId}` : `/products?brand_id=${brandId}`}
    />
  );
}

/** A partner's orders, newest first: each opens the order; "See all" opens the orders list filtered by the partner. */
export function PartnerOrders({ partnerId }: { partnerId: string }) {
  const t = useTranslations("related");
  const orderName = useOrderName();
  const format = useFormat();
  const query = trpc.orders.list.useQuery({
    partner_id: partnerId,
    perPage: FEW,
    sort: "negotiation_date",
    dir: "desc",
  });
  return (
    <RelatedRecords
      title={t("partnerOrders")}
      empty={t("partnerOrdersEmpty")}
      query={query}
      href={(order) => `/orders/${order.id}`}
      describe={(order) => ({
        title: `${orderName(order)} · ${format.date(order.negotiation_date)}`,
        subtitle: `${format.money(order.total_value)} · ${order.status_title}`,
      })}
      allHref={`/orders?partner_id=${partnerId}`}
    />
  );
}

/** The records a partner points to (its seller and profile). */
export function PartnerLinks({ sellerId, profileId }: { sellerId: string | null; profileId: string | null }) {
  const t = useTranslations("related");
  const seller = trpc.sellers.get.useQuery({ id: sellerId ?? "" }, { enabled: Boolean(sellerId) });
  const profile = trpc.profiles.get.useQuery({ id: profileId ?? "" }, { enabled: Boolean(profileId) });
  if (!sellerId && !profileId) return null;
  const link = (href: string, name: string | undefined) => (
    <Link href={href} className="underline-offset-4 hover:underline">
      {name ?? "…"}
    </Link>
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("partnerLinks")}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
          {sellerId && (
            <>
              <dt className="text-muted-foreground">{t("partnerSeller")}</dt>
              <dd>{link(`/sellers/${sellerId}`, seller.data?.name)}</dd>
            </>
          )}
          {profileId && (
            <>
              <dt className="text-muted-foreground">{t("partnerProfile")}</dt>
              <dd>{link(`/profiles/${profileId}`, profile.data?.name)}</dd>
            </>
          )}
        </dl>
      </CardContent>
    </Card>
  );
}
