import { pageMetadata } from "@/lib/page-metadata";
import { EditProfile } from "./edit-profile";

export const generateMetadata = () => pageMetadata("profiles.one");

export default async function ProfilePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditProfile id={id} />;
}
