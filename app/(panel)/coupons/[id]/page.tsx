import { pageMetadata } from "@/lib/page-metadata";
import { EditCoupon } from "./edit-coupon";

export const generateMetadata = () => pageMetadata("coupons.one");

export default async function CouponPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditCoupon id={id} />;
}
