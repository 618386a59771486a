import { useId } from "react";
import { Link } from "react-router";
import { CrisisResourcesBox } from "~/components/layout/crisis-resources-box";
import { usePublicConfig } from "~/lib/public-config";
import { LEGAL_LAST_UPDATED } from "~/shared/legal";
import { LEGAL_LINKS } from "~/shared/routes";

/** Class names for lists and links inside legal sections. */
export const legalList = "list-disc pl-6 space-y-1";
export const legalLink = "text-brand-700 underline";

/** The configured contact address as a mail link. */
export function ContactEmailLink() {
  const { contactEmail } = usePublicConfig();
  return (
    <a href={`mailto:${contactEmail}`} className={legalLink}>
      {contactEmail}
    </a>
  );
}

/** The frame every legal page shares: title, last-updated date, the support disclaimer, sections. */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header>
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-600">Last updated {LEGAL_LAST_UPDATED}</p>
        <div className="mt-6 text-base leading-relaxed text-slate-700">{intro}</div>
      </header>
      <aside className="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm leading-relaxed text-amber-950">
        <p>
          <strong>We provide emotional support, not professional mental health services.</strong> If you are in
          immediate danger or thinking about harming yourself or someone else, contact your local emergency services or
          a mental health professional now.
        </p>
      </aside>
      <div className="mt-10 space-y-10">{children}</div>
      <div className="mt-12">
        <CrisisResourcesBox tone="light" />
      </div>
      <nav aria-label="Other policies" className="mt-8 flex flex-wrap gap-4 text-sm">
        {LEGAL_LINKS.filter((link) => link.label !== title).map((link) => (
          <Link key={link.to} to={link.to} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {link.label}
          </Link>
        ))}
      </nav>
    </article>
  );
}

/** One numbered section of a legal page. */
export function LegalSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3 text-base leading-relaxed text-slate-700">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
