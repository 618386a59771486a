/** Spec section 3. */
export const GENDERS = ["male", "female"] as const;
export type Gender = (typeof GENDERS)[number];

/** Spec section 6; the role lets the server check admin rights without comparing ids everywhere. */
export const USER_ROLES = ["user", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Never the password or sessions. */
export type SignedInUser = {
  id: string;
  email: string;
  username: string;
  displayName: string;
  profilePic: string | null;
  role: UserRole;
};

export function headerName(user: Pick<SignedInUser, "displayName" | "email"> | null): string {
  if (user?.displayName) return user.displayName;
  const local = user?.email.split("@")[0];
  return local || "User";
}

export function isAdmin(user: Pick<SignedInUser, "role">): boolean {
  return user.role === "admin";
}
