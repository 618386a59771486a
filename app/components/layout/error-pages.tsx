import { Link } from "react-router";
import { m } from "~/paraglide/messages";
import { PATHS } from "~/shared/routes";
import { CrisisResourcesBox } from "./crisis-resources-box";

export function NotFoundContent() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{m.error_not_found_title()}</title>
      <p className="text-sm font-semibold text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{m.error_not_found_title()}</h1>
      <p className="mt-4 text-slate-700">{m.error_not_found_text()}</p>
      <Link
        to={PATHS.home}
        className="mt-8 inline-flex rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {m.error_go_home()}
      </Link>
    </section>
  );
}

function ErrorPageContent({ title, message }: { title: string; message: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center">
      <title>{title}</title>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <a
        href={PATHS.home}
        className="mt-8 inline-flex rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {m.error_go_home()}
      </a>
      <div className="mx-auto mt-10 max-w-md text-left">
        <CrisisResourcesBox tone="light" />
      </div>
    </section>
  );
}

/** Spec section 8. The details go to the log, never the page. */
export function UnexpectedErrorContent() {
  return <ErrorPageContent title={m.error_unexpected_title()} message={m.error_unexpected_text()} />;
}

export function UnexpectedErrorPage() {
  return (
    <main id="main">
      <UnexpectedErrorContent />
    </main>
  );
}

/** A guard in route middleware refused before any page data was read. */
export function RefusedPage({ message }: { message: string }) {
  return (
    <main id="main">
      <ErrorPageContent title={m.error_not_available()} message={message} />
    </main>
  );
}

/** `fallback` for anything but the message a loader threw with `data(message, { status })`. */
export function RouteErrorContent({
  error,
  title,
  fallback,
  link,
}: {
  error: unknown;
  title: string;
  fallback: string;
  link?: { to: string; label: string };
}) {
  const message =
    error && typeof error === "object" && "data" in error && typeof error.data === "string" ? error.data : fallback;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
      {link ? (
        <Link to={link.to} className="mt-6 inline-block font-semibold text-brand-700 underline">
          {link.label}
        </Link>
      ) : null}
    </section>
  );
}
