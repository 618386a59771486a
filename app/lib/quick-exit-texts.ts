import { m } from "~/paraglide/messages";

/**
 * What Quick exit's controls and the landing page say, in the page's language; the tests read the
 * same texts. Apart from app/lib/quick-exit.ts, which the page's inline script runs and which
 * carries no words.
 */
export const QUICK_EXIT_TEXTS = {
  get button() {
    return m.quick_exit_button();
  },
  /** The smaller control's visible words, read after 'Quick exit' right above it. */
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
