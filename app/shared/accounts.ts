/** Account facts shared by forms, the worker and tests (spec sections 3 and 6). */

/** users.gender values (spec section 3: male or female). */
export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * users.role: 'admin' gets the user-search box in chat (spec section 6). The fixed support and
 * admin accounts are named by SUPPORT_USER_ID / ADMIN_USER_ID in configuration; the role lets the
 * server check admin rights without comparing ids everywhere.
 */
export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What every screen may know about the signed-in person (never the password or sessions). */
export type SignedInUser = {
  id: string;
  email: string;
  username: string;
  /** The auth profile's displayName. */
  displayName: string;
  profilePic: string | null;
  role: UserRole;
};

/** The name the header shows: display name, else the part of the email before @, else 'User'. */
export function headerName(user: Pick<SignedInUser, "displayName" | "email"> | null): string {
  if (user?.displayName) return user.displayName;
  const local = user?.email.split("@")[0];
  return local || "User";
}

/** The one account with admin powers (user search in chat, analytics); the role is set on the server. */
export function isAdmin(user: Pick<SignedInUser, "role">): boolean {
  return user.role === "admin";
}
