import { pageMetadata } from "@/lib/page-metadata";
import { UsersList } from "./users-list";

export const generateMetadata = () => pageMetadata("users.title");

export default function UsersPage() {
  return <UsersList />;
}
