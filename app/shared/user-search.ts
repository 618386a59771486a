/** Exact-username search (spec sections 4, 5 and 8), shared by the admin's chat search and /users. */
export const SEARCH_TEXTS = {
  noUsers: "No users found",
  noUsersMatching: (term: string) => `No users found matching "${term}". Please check the username and try again.`,
} as const;

/** A search result: who it is, and a few basic facts of their profile if they filled them. */
export type FoundUser = { id: string; username: string; profilePic: string | null; facts: string[] };
