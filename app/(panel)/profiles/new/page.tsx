import type { Metadata } from "next";
import { NewProfile } from "../profile-form";

export const metadata: Metadata = { title: "New profile · B2B Sales" };

export default function NewProfilePage() {
  return <NewProfile />;
}
