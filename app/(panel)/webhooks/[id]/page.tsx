import { pageMetadata } from "@/lib/page-metadata";
import { EditWebhook } from "./edit-webhook";

export const generateMetadata = () => pageMetadata("webhooks.one");

export default async function WebhookPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditWebhook id={id} />;
}
