import { useRouteLoaderData } from "react-router";
import type { SignedInUser } from "~/shared/accounts";

/** The signed-in person as the root loader saw them, or null. */
export function useSignedInUser(): SignedInUser | null {
  return useRouteLoaderData<{ user: SignedInUser | null }>("root")?.user ?? null;
}

/** Conversations with unread messages, as the root loader last saw them (the header badge). */
export function useUnreadCount(): number {
  return useRouteLoaderData<{ unreadCount: number }>("root")?.unreadCount ?? 0;
}

/** Whether the signed-in person answers on the support desk (a listener, or the admin). */
export function useDeskAccess(): boolean {
  return useRouteLoaderData<{ deskAccess: boolean }>("root")?.deskAccess ?? false;
}

/** Reports waiting for the admin, as the root loader last saw them (0 for everyone else). */
export function useOpenReportCount(): number {
  return useRouteLoaderData<{ openReports: number }>("root")?.openReports ?? 0;
}
