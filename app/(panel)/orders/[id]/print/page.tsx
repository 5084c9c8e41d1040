import { pageMetadata } from "@/lib/page-metadata";
import { OrderPrint } from "./order-print";

export const generateMetadata = () => pageMetadata("orders.printTitle");

export default async function OrderPrintPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <OrderPrint id={id} />;
}
