import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useSignedInUser } from "~/lib/signed-in-user";
import { m } from "~/paraglide/messages";
import { PATHS } from "~/shared/routes";
import type { AccountMenuPlacement } from "./signed-in-account-actions";

const SignedInAccountActions = lazy(() => import("./signed-in-account-actions"));

const pillLink =
  "inline-flex items-center justify-center rounded-full bg-brand-700 px-5 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export function HeaderAccountActions({
  live = true,
  accountMenu = "dropdown",
}: {
  live?: boolean;
  accountMenu?: AccountMenuPlacement;
}) {
  const user = useSignedInUser();
  if (!user) {
    return (
      <Link to={PATHS.signup} className={pillLink}>
        {m.header_get_started()}
      </Link>
    );
  }
  return (
    <Suspense fallback={null}>
      <SignedInAccountActions user={user} live={live} accountMenu={accountMenu} />
    </Suspense>
  );
}
