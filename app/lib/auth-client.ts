/** The only auth call made by script: sign-out belongs to the signed-in header, which exists only once scripts run. */
export async function signOut(): Promise<boolean> {
  const response = await fetch("/api/auth/sign-out", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
    credentials: "same-origin",
  }).catch(() => null);
  return response?.ok ?? false;
}
