import { createContext } from "react-router";
import type { SignedInUser } from "~/lib/accounts";

/** The signed-in user of this request, set by the root middleware (null when signed out). */
export const userContext = createContext<SignedInUser | null>(null);

/**
 * The address this request asked for (path and query), set by the root middleware, so a guard can
 * send a signed-out visitor to sign in and bring them back here afterwards.
 */
export const requestPathContext = createContext<string>("/");
