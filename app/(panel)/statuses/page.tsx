import type { Metadata } from "next";
import { StatusesList } from "./statuses-list";

export const metadata: Metadata = { title: "Statuses · B2B Sales" };

export default function StatusesPage() {
  return <StatusesList />;
}
