import { m } from "~/paraglide/messages";

/** Exact-username search (spec sections 4, 5 and 8), shared by the admin's chat search and /users. */
export const SEARCH_TEXTS = {
  get noUsers() {
    return m.users_no_users();
  },
  noUsersMatching: (term: string) => m.users_no_users_matching({ term }),
};

/** A search result: who it is, and a few basic facts of their profile if they filled them. */
export type FoundUser = { id: string; username: string; profilePic: string | null; facts: string[] };
