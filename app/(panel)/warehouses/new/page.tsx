import type { Metadata } from "next";
import { NewWarehouse } from "../warehouse-form";

export const metadata: Metadata = { title: "New warehouse · B2B Sales" };

export default function NewWarehousePage() {
  return <NewWarehouse />;
}
