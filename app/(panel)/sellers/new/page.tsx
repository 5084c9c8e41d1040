import type { Metadata } from "next";
import { NewSeller } from "./new-seller";

export const metadata: Metadata = { title: "New seller · B2B Sales" };

export default function NewSellerPage() {
  return <NewSeller />;
}
