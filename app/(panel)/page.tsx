import { Dashboard } from "@/components/insights/dashboard";
import { pageMetadata } from "@/lib/page-metadata";

export const generateMetadata = () => pageMetadata("dashboard.title");

/** The panel's home page: the dashboard. */
export default function HomePage() {
  return <Dashboard />;
}
