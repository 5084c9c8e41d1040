import { pageMetadata } from "@/lib/page-metadata";
import { ProfilesList } from "./profiles-list";

export const generateMetadata = () => pageMetadata("profiles.title");

export default function ProfilesPage() {
  return <ProfilesList />;
}
