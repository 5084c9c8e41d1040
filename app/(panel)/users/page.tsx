import type { Metadata } from "next";
import { UsersList } from "./users-list";

export const metadata: Metadata = { title: "Users · B2B Sales" };

export default function UsersPage() {
  return <UsersList />;
}
