import { Suspense } from "react";
import { Await, data, redirect } from "react-router";
import { DonationReceipt } from "~/components/donation/donation-receipt";
import { RouteErrorContent } from "~/components/layout/error-pages";
import { Alert } from "~/components/ui/form-controls";
import { LoadingState } from "~/components/ui/loading-state";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { RECEIPT_ID_PATTERN, RECEIPT_TEXTS } from "~/lib/receipts";
import { PATHS } from "~/lib/routes";
import { findReceipt, openReceipt, toReceiptView } from "../../../worker/donations/receipts";
import type { Route } from "./+types/thank-you";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: "Thank You",
      description: "Thank you for your donation. Your receipt.",
    }),
    { name: "robots", content: "noindex" },
  ];
}

/**
 * /thankyou: signed-out visitors go to /login. Arriving from the payment provider opens a receipt
 * and moves to its address (?receipt=VM-…), so a reload or a second tab shows the same receipt.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, PATHS.login);
  const id = new URL(request.url).searchParams.get("receipt");
  if (!id) throw redirect(`${PATHS.thankYou}?receipt=${(await openReceipt(user)).id}`);
  if (!RECEIPT_ID_PATTERN.test(id)) throw data("We couldn't find that receipt.", { status: 404 });
  // Streamed: the page shows its loading state until the receipt is read.
  const receipt = findReceipt(user.id, id).then((row) => {
    if (!row) throw new Error("not found");
    return { view: toReceiptView(row), emailSent: row.emailStatus === "sent" };
  });
  return { receipt };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-center text-3xl font-bold text-slate-900 print:hidden">Thank You!</h1>
      <p className="mt-3 text-center text-slate-700 print:hidden">
        Your kindness keeps free, anonymous emotional support open to everyone who needs it.
      </p>
      <Suspense fallback={<LoadingState>{RECEIPT_TEXTS.preparing}</LoadingState>}>
        <Await resolve={loaderData.receipt} errorElement={<ReceiptMissing />}>
          {(receipt) => <DonationReceipt receipt={receipt.view} alreadySent={receipt.emailSent} />}
        </Await>
      </Suspense>
    </section>
  );
}

function ReceiptMissing() {
  return (
    <div className="mt-8">
      <Alert>We couldn't find that receipt. If you just donated, please contact support.</Alert>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorContent
      error={error}
      title="Receipt not available"
      fallback="Something went wrong loading your receipt."
      link={{ to: PATHS.home, label: "Return to Homepage" }}
    />
  );
}
