import { pageMetadata } from "@/lib/page-metadata";
import { StatusesList } from "./statuses-list";

export const generateMetadata = () => pageMetadata("statuses.title");

export default function StatusesPage() {
  return <StatusesList />;
}
