import { pageMetadata } from "@/lib/page-metadata";
import { ImportsList } from "./imports-list";

export const generateMetadata = () => pageMetadata("imports.title");

export default function ImportsPage() {
  return <ImportsList />;
}
