import { useRouteLoaderData } from "react-router";
import type { SignedInUser } from "~/shared/accounts";

export function useSignedInUser(): SignedInUser | null {
  return useRouteLoaderData<{ user: SignedInUser | null }>("root")?.user ?? null;
}

export function useUnreadCount(): number {
  return useRouteLoaderData<{ unreadCount: number }>("root")?.unreadCount ?? 0;
}

export function useDeskAccess(): boolean {
  return useRouteLoaderData<{ deskAccess: boolean }>("root")?.deskAccess ?? false;
}

export function useOpenReportCount(): number {
  return useRouteLoaderData<{ openReports: number }>("root")?.openReports ?? 0;
}
