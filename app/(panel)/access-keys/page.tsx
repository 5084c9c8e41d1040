import type { Metadata } from "next";
import { AccessKeysList } from "./access-keys-list";

export const metadata: Metadata = { title: "Access keys · B2B Sales" };

export default function AccessKeysPage() {
  return <AccessKeysList />;
}
