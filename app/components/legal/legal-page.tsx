import { useId } from "react";
import { Link } from "react-router";
import { CrisisResourcesBox } from "~/components/layout/crisis-resources-box";
import { legalLinkLabel } from "~/lib/legal-link-labels";
import { usePageLanguage } from "~/lib/page-language";
import { usePublicConfig } from "~/lib/public-config";
import { richMessage } from "~/lib/rich-message";
import { m } from "~/paraglide/messages";
import { getLocale } from "~/paraglide/runtime";
import { DEFAULT_LANGUAGE } from "~/shared/languages";
import { LEGAL_LAST_UPDATED } from "~/shared/legal";
import { LEGAL_LINKS } from "~/shared/routes";

export const legalList = "list-disc pl-6 space-y-1";
export const legalLink = "text-brand-700 underline";

export function ContactEmailLink() {
  const { contactEmail } = usePublicConfig();
  return (
    <a href={`mailto:${contactEmail}`} className={legalLink}>
      {contactEmail}
    </a>
  );
}

function lastUpdated(): string {
  return new Intl.DateTimeFormat(getLocale(), { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${LEGAL_LAST_UPDATED}T00:00:00Z`),
  );
}

/** In any language but English the page says it is a translation and the English governs (docs/decisions/175-…). */
export function LegalPage({
  path,
  intro,
  children,
}: {
  /** One of LEGAL_LINKS: it names the page. */
  path: string;
  intro: React.ReactNode;
  children: React.ReactNode;
}) {
  const translated = usePageLanguage() !== DEFAULT_LANGUAGE;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header>
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{legalLinkLabel(path)}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {richMessage(m.legal_last_updated, { date: <time dateTime={LEGAL_LAST_UPDATED}>{lastUpdated()}</time> })}
        </p>
        {translated ? (
          <p
            role="note"
            className="mt-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-700"
          >
            {m.legal_translation_notice({ english: m.language_name({}, { locale: DEFAULT_LANGUAGE }) })}
          </p>
        ) : null}
        <div className="mt-6 text-base leading-relaxed text-slate-700">{intro}</div>
      </header>
      <aside className="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm leading-relaxed text-amber-950">
        <p>
          <strong>{m.legal_disclaimer_lead()}</strong> {m.legal_disclaimer()}
        </p>
      </aside>
      <div className="mt-10 space-y-10">{children}</div>
      <div className="mt-12">
        <CrisisResourcesBox tone="light" />
      </div>
      <nav aria-label={m.legal_other_policies()} className="mt-8 flex flex-wrap gap-4 text-sm">
        {LEGAL_LINKS.filter((link) => link.to !== path).map((link) => (
          <Link key={link.to} to={link.to} className="text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {legalLinkLabel(link.to)}
          </Link>
        ))}
      </nav>
    </article>
  );
}

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

export function LeadParagraph({ lead, children }: { lead: string; children: React.ReactNode }) {
  return (
    <p>
      <strong>{lead}</strong> {children}
    </p>
  );
}
