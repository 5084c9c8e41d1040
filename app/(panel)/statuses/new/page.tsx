import type { Metadata } from "next";
import { NewStatus } from "./new-status";

export const metadata: Metadata = { title: "New status · B2B Sales" };

export default function NewStatusPage() {
  return <NewStatus />;
}
