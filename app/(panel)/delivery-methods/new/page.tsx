import { pageMetadata } from "@/lib/page-metadata";
import { NewDeliveryMethod } from "./new-delivery-method";

export const generateMetadata = () => pageMetadata("deliveryMethods.new");

export default function NewDeliveryMethodPage() {
  return <NewDeliveryMethod />;
}
