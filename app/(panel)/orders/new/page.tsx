import { pageMetadata } from "@/lib/page-metadata";
import { OrderForm } from "../order-form";

export const generateMetadata = () => pageMetadata("orders.new");

export default function NewOrderPage() {
  return <OrderForm mode="create" />;
}
