import { createContext } from "react-router";
import type { SignedInUser } from "~/lib/accounts";

/** The signed-in user of this request, set by the root middleware (null when signed out). */
export const userContext = createContext<SignedInUser | null>(null);
