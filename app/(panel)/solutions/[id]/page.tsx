import { pageMetadata } from "@/lib/page-metadata";
import { EditSolution } from "./edit-solution";

export const generateMetadata = () => pageMetadata("solutions.one");

export default async function SolutionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditSolution id={id} />;
}
