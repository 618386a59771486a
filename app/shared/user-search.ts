import { m } from "~/paraglide/messages";

/** Spec sections 4, 5 and 8. */
export const SEARCH_TEXTS = {
  get noUsers() {
    return m.users_no_users();
  },
  noUsersMatching: (term: string) => m.users_no_users_matching({ term }),
};

export type FoundUser = { id: string; username: string; profilePic: string | null; facts: string[] };
