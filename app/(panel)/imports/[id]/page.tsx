import { pageMetadata } from "@/lib/page-metadata";
import { ImportDetail } from "./import-detail";

export const generateMetadata = () => pageMetadata("imports.one");

export default async function ImportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ImportDetail id={id} />;
}
