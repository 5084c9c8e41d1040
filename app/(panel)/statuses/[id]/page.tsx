import { pageMetadata } from "@/lib/page-metadata";
import { EditStatus } from "./edit-status";

export const generateMetadata = () => pageMetadata("statuses.one");

export default async function StatusPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditStatus id={id} />;
}
