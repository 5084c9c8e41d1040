"use client";

import type { Session } from "next-auth";
import { createContext, useContext } from "react";
import { permissions, type Permission } from "@/lib/permissions";

export type CurrentUser = Session["user"];

const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The signed-in user, as the panel layout read it from the session on the server. */
export function CurrentUserProvider({ user, children }: { user: CurrentUser; children: React.ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser must be used inside the panel layout");
  return user;
}

/** Whether the signed-in user's role may do something: `useCan("manage")`. */
export function useCan(permission: Permission): boolean {
  return permissions[permission](useCurrentUser().role);
}
