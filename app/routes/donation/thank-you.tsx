import { Suspense } from "react";
import { Await, data } from "react-router";
import { DonationReceipt } from "~/components/donation/donation-receipt";
import { OpenReceiptForm } from "~/components/donation/open-receipt-form";
import { RouteErrorContent } from "~/components/layout/error-pages";
import { Alert } from "~/components/ui/form-controls";
import { LoadingState } from "~/components/ui/loading-state";
import { serverActionOrFailure } from "~/lib/form-post-failure";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { m } from "~/paraglide/messages";
import { RECEIPT_ID_PATTERN, RECEIPT_TEXTS } from "~/shared/receipts";
import { PATHS } from "~/shared/routes";
import { receiptAction } from "~worker/donations/receipt-form-post";
import { findReceipt, toReceiptView } from "~worker/donations/receipts";
import { isNavigationDataRequest } from "~worker/http/document-request";
import type { Route } from "./+types/thank-you";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: m.receipt_page_title(),
      description: m.receipt_page_description(),
    }),
    { name: "robots", content: "noindex" },
  ];
}

/** Only reads: a prefetch may fetch this any number of times, so opening a receipt is a form the page posts itself. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, PATHS.login);
  const id = new URL(request.url).searchParams.get("receipt");
  if (!id) return { receipt: null };
  if (!RECEIPT_ID_PATTERN.test(id)) throw data(RECEIPT_TEXTS.notFound, { status: 404 });
  // Not found is an answer (null), not an error.
  const receipt = findReceipt(user.id, id).then((row) =>
    row ? { view: toReceiptView(row), emailStatus: row.emailStatus } : null,
  );
  return { receipt: isNavigationDataRequest(request) ? receipt : await receipt };
}

export async function action({ request, context }: Route.ActionArgs) {
  return receiptAction(requireUser(context, PATHS.login), request);
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverActionOrFailure(serverAction);
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-center text-3xl font-bold text-slate-900 print:hidden">{m.receipt_heading()}</h1>
      <p className="mt-3 text-center text-slate-700 print:hidden">{m.receipt_kindness()}</p>
      {loaderData.receipt === null ? (
        <OpenReceiptForm />
      ) : (
        <Suspense fallback={<LoadingState>{RECEIPT_TEXTS.preparing}</LoadingState>}>
          <Await resolve={loaderData.receipt} errorElement={<ReceiptMissing />}>
            {(receipt) =>
              receipt ? (
                <DonationReceipt receipt={receipt.view} emailStatus={receipt.emailStatus} />
              ) : (
                <ReceiptMissing />
              )
            }
          </Await>
        </Suspense>
      )}
    </section>
  );
}

function ReceiptMissing() {
  return (
    <div className="mt-8">
      <Alert>{m.receipt_missing()}</Alert>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorContent
      error={error}
      title={m.receipt_unavailable_title()}
      fallback={m.receipt_unavailable_fallback()}
      link={{ to: PATHS.home, label: m.receipt_return_home() }}
    />
  );
}
