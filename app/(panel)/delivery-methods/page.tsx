import { pageMetadata } from "@/lib/page-metadata";
import { DeliveryMethodsList } from "./delivery-methods-list";

export const generateMetadata = () => pageMetadata("deliveryMethods.title");

export default function DeliveryMethodsPage() {
  return <DeliveryMethodsList />;
}
