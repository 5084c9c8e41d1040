import type { Metadata } from "next";
import { EditProfile } from "../profile-form";

export const metadata: Metadata = { title: "Profile · B2B Sales" };

export default async function ProfilePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditProfile id={id} />;
}
