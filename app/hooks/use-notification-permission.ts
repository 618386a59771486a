import { useCallback, useEffect, useState } from "react";

type Permission = NotificationPermission | "unsupported";

/**
 * The browser's notification permission, and a way to ask for it. 'unsupported' on the server and
 * where the Notification API does not exist, so nothing renders until the browser has answered.
 */
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
