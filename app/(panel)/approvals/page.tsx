import { pageMetadata } from "@/lib/page-metadata";
import { ApprovalsList } from "./approvals-list";

export const generateMetadata = () => pageMetadata("approvals.title");

export default function ApprovalsPage() {
  return <ApprovalsList />;
}
