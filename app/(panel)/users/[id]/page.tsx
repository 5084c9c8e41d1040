import { pageMetadata } from "@/lib/page-metadata";
import { EditUser } from "./edit-user";

export const generateMetadata = () => pageMetadata("users.one");

export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditUser id={id} />;
}
