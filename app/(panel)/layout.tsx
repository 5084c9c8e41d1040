import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AppShell } from "@/components/panel/app-shell";
import { REQUEST_PATH_HEADER } from "@/proxy";
import { authOptions } from "@/server/auth/next-auth";

/** Every page of the back office: signed-in users only, inside the sidebar and header. */
export default async function PanelLayout({ children }: { children: React.ReactNode }) {
  const session = await getServerSession(authOptions());
  if (!session) {
    const path = (await headers()).get(REQUEST_PATH_HEADER);
    redirect(path && path !== "/" ? `/sign-in?callbackUrl=${encodeURIComponent(path)}` : "/sign-in");
  }
  return <AppShell user={session.user}>{children}</AppShell>;
}
