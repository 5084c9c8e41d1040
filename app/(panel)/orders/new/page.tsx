import { pageMetadata } from "@/lib/page-metadata";
import { NewOrder } from "./new-order";

export const generateMetadata = () => pageMetadata("orders.new");

export default function NewOrderPage() {
  return <NewOrder />;
}
