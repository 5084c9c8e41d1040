import type { Metadata } from "next";
import { EditUser } from "./edit-user";

export const metadata: Metadata = { title: "User · B2B Sales" };

export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditUser id={id} />;
}
