import { pageMetadata } from "@/lib/page-metadata";
import { OrderView } from "./order-view";

export const generateMetadata = () => pageMetadata("orders.one");

export default async function OrderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OrderView id={id} />;
}
