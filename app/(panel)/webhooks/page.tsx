import { pageMetadata } from "@/lib/page-metadata";
import { WebhooksList } from "./webhooks-list";

export const generateMetadata = () => pageMetadata("webhooks.title");

export default function WebhooksPage() {
  return <WebhooksList />;
}
