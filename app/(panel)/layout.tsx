import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { AppShell } from "@/components/panel/app-shell";
import { UnsavedChangesProvider } from "@/components/resource-form/unsaved-changes";
import { REQUEST_PATH_HEADER } from "@/proxy";
import { resolvePrincipal } from "@/server/auth/principal";
import { authOptions } from "@/server/auth/next-auth";
import { getRuntime } from "@/server/runtime";

/**
 * Every page of the back office: signed-in users only, inside the sidebar and header. A
 * session whose user was deactivated, lost its password or changed it elsewhere is over.
 */
export default async function PanelLayout({ children }: { children: React.ReactNode }) {
  const session = await getServerSession(authOptions());
  const requestHeaders = await headers();
  const principal = session ? await resolvePrincipal(getRuntime(), { cookie: requestHeaders.get("cookie") ?? undefined }) : null;
  if (!session || !principal) {
    const path = requestHeaders.get(REQUEST_PATH_HEADER);
    redirect(path && path !== "/" ? `/sign-in?callbackUrl=${encodeURIComponent(path)}` : "/sign-in");
  }
  // The guard of unsaved changes around the whole frame: the header's command palette navigates through it too.
  return (
    <UnsavedChangesProvider>
      <AppShell user={{ ...session.user, role: principal.role }}>{children}</AppShell>
    </UnsavedChangesProvider>
  );
}
