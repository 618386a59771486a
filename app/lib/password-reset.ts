/** The password-reset screens' own texts (where the spec is silent), shared with their tests. */
export const RESET_TEXTS = {
  /**
   * The same answer whether or not an account exists: a support site must not reveal who uses it
   * (issue: privacy wins over the spec's 'No account found with this email address').
   */
  requested: "If an account exists for that email, we've sent a link to reset your password. Please check your inbox.",
  done: "Your password has been changed. Please sign in with your new password.",
  linkInvalid: "This reset link has expired or was already used. Please ask for a new one.",
} as const;
