import { pageMetadata } from "@/lib/page-metadata";
import { NewCoupon } from "./new-coupon";

export const generateMetadata = () => pageMetadata("coupons.new");

export default function NewCouponPage() {
  return <NewCoupon />;
}
