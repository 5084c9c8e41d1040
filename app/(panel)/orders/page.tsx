import { pageMetadata } from "@/lib/page-metadata";
import { OrdersList } from "./orders-list";

export const generateMetadata = () => pageMetadata("orders.title");

export default function OrdersPage() {
  return <OrdersList />;
}
