import { m } from "~/paraglide/messages";

/** Apart from app/lib/quick-exit.ts, which the inline script runs and which carries no words. */
export const QUICK_EXIT_TEXTS = {
  get button() {
    return m.quick_exit_button();
  },
  get signOutVisible() {
    return m.quick_exit_sign_out_visible();
  },
  get signOut() {
    return m.quick_exit_sign_out();
  },
  get landingTitle() {
    return m.quick_exit_landing_title();
  },
  get landingText() {
    return m.quick_exit_landing_text();
  },
  get landingHistory() {
    return m.quick_exit_landing_history();
  },
};
