import { useCallback, useEffect, useState } from "react";

type Permission = NotificationPermission | "unsupported";

/** 'unsupported' on the server too, so nothing renders until the browser has answered. */
export function useNotificationPermission(): { permission: Permission; request: () => Promise<void> } {
  const [permission, setPermission] = useState<Permission>("unsupported");
  useEffect(() => {
    if ("Notification" in window) setPermission(Notification.permission);
  }, []);
  const request = useCallback(async () => {
    if (!("Notification" in window)) return;
    setPermission(await Notification.requestPermission());
  }, []);
  return { permission, request };
}
