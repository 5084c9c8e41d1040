import type { Metadata } from "next";
import { ProfilesList } from "./profiles-list";

export const metadata: Metadata = { title: "Profiles · B2B Sales" };

export default function ProfilesPage() {
  return <ProfilesList />;
}
