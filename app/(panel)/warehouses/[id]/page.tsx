import type { Metadata } from "next";
import { EditWarehouse } from "../warehouse-form";

export const metadata: Metadata = { title: "Warehouse · B2B Sales" };

export default async function WarehousePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditWarehouse id={id} />;
}
