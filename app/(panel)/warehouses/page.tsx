import type { Metadata } from "next";
import { WarehousesList } from "./warehouses-list";

export const metadata: Metadata = { title: "Warehouses · B2B Sales" };

export default function WarehousesPage() {
  return <WarehousesList />;
}
