import { pageMetadata } from "@/lib/page-metadata";
import { AccessKeysList } from "./access-keys-list";

export const generateMetadata = () => pageMetadata("accessKeys.title");

export default function AccessKeysPage() {
  return <AccessKeysList />;
}
