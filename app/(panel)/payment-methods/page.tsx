import { pageMetadata } from "@/lib/page-metadata";
import { PaymentMethodsList } from "./payment-methods-list";

export const generateMetadata = () => pageMetadata("paymentMethods.title");

export default function PaymentMethodsPage() {
  return <PaymentMethodsList />;
}
