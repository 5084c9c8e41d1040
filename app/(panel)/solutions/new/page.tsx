import { pageMetadata } from "@/lib/page-metadata";
import { NewSolution } from "./new-solution";

export const generateMetadata = () => pageMetadata("solutions.new");

export default function NewSolutionPage() {
  return <NewSolution />;
}
