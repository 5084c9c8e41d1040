import { pageMetadata } from "@/lib/page-metadata";
import { NewStatus } from "./new-status";

export const generateMetadata = () => pageMetadata("statuses.new");

export default function NewStatusPage() {
  return <NewStatus />;
}
