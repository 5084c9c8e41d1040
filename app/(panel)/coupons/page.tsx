import { pageMetadata } from "@/lib/page-metadata";
import { CouponsList } from "./coupons-list";

export const generateMetadata = () => pageMetadata("coupons.title");

export default function CouponsPage() {
  return <CouponsList />;
}
