import { pageMetadata } from "@/lib/page-metadata";
import { NewProfile } from "../profile-form";

export const generateMetadata = () => pageMetadata("profiles.new");

export default function NewProfilePage() {
  return <NewProfile />;
}
