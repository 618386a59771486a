import { authErrorMessage } from "~/lib/auth-errors";

/**
 * The few calls the screens make to the auth endpoints (/api/auth, better-auth). Tiny on purpose:
 * these pages load nothing else for auth. Each answer is either ok or the message to show.
 */
export type AuthResult<T = unknown> = { ok: true; data: T } | { ok: false; message: string };

async function post<T>(path: string, body: unknown): Promise<AuthResult<T>> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, message: "Error: Could not reach the server. Check your connection and try again." };
  }
  const json = (await response.json().catch(() => null)) as (T & { code?: string; message?: string }) | null;
  if (!response.ok) return { ok: false, message: authErrorMessage(response.status, json) };
  return { ok: true, data: json as T };
}

export function signUp(input: { email: string; password: string; gender: string; username: string }) {
  return post<{ user: { id: string; username: string } }>("/sign-up/email", { ...input, name: input.username });
}

export function signIn(input: { email: string; password: string }) {
  return post<{ user: { id: string } }>("/sign-in/email", input);
}

export function signOut() {
  return post("/sign-out", {});
}

export function requestPasswordReset(email: string) {
  return post("/request-password-reset", { email, redirectTo: "/reset-password" });
}

export function resetPassword(input: { token: string; newPassword: string }) {
  return post("/reset-password", input);
}
