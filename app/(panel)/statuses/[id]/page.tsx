import type { Metadata } from "next";
import { EditStatus } from "./edit-status";

export const metadata: Metadata = { title: "Status · B2B Sales" };

export default async function StatusPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditStatus id={id} />;
}
