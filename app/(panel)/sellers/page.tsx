import type { Metadata } from "next";
import { SellersList } from "./sellers-list";

export const metadata: Metadata = { title: "Sellers · B2B Sales" };

export default function SellersPage() {
  return <SellersList />;
}
