import { Link } from "react-router";
import { PATHS } from "~/lib/routes";

/**
 * The account side of the header. Signed out: 'Get Started'. The accounts issue adds the signed-in
 * parts here (Messages link with the unread badge, the user menu with 'Sign Out', 'Enable
 * Notifications'), so the header itself does not change.
 */
export function HeaderAccountActions({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to={PATHS.signup}
      onClick={onNavigate}
      className="inline-flex items-center justify-center rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      Get Started
    </Link>
  );
}
