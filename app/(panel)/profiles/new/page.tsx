import { pageMetadata } from "@/lib/page-metadata";
import { NewProfile } from "./new-profile";

export const generateMetadata = () => pageMetadata("profiles.new");

export default function NewProfilePage() {
  return <NewProfile />;
}
