/**
 * Signing out, from the account menu. Signing in, signing up and password resets are forms posted
 * to their routes' actions (they work before the page's scripts arrive); sign-out is an action of
 * the signed-in header, which only exists once scripts run.
 */
export async function signOut(): Promise<boolean> {
  const response = await fetch("/api/auth/sign-out", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
    credentials: "same-origin",
  }).catch(() => null);
  return response?.ok ?? false;
}
