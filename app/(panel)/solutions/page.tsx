import { pageMetadata } from "@/lib/page-metadata";
import { SolutionsList } from "./solutions-list";

export const generateMetadata = () => pageMetadata("solutions.title");

export default function SolutionsPage() {
  return <SolutionsList />;
}
