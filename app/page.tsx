import { redirect } from "next/navigation";

// Rendered per request: a static redirect would be answered with a year-long shared-cache header.
export const dynamic = "force-dynamic";

export default function Home() {
  redirect("/brands");
}
