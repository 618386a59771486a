import { m } from "~/paraglide/messages";

/** Where the spec is silent. */
export const RESET_TEXTS = {
  /** The same answer whether or not an account exists: a support site must not reveal who uses it. */
  get requested() {
    return m.auth_reset_requested();
  },
  get done() {
    return m.auth_reset_done();
  },
  get linkInvalid() {
    return m.auth_reset_link_invalid();
  },
};
