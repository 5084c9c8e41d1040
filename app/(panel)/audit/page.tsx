import { pageMetadata } from "@/lib/page-metadata";
import { AuditLog } from "./audit-log";

export const generateMetadata = () => pageMetadata("auditLog.title");

export default function AuditPage() {
  return <AuditLog />;
}
