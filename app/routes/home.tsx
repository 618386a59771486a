import { Link } from "react-router";
import { EncouragementCarousel } from "~/components/landing/encouragement-carousel";
import { ServiceIcon } from "~/components/landing/service-icon";
import { EmergencyNumbersInline } from "~/components/safety/crisis-help-inline";
import { useCrisisHelp } from "~/lib/crisis-help";
import {
  CLOSING,
  ENCOURAGEMENT_SLIDES,
  FAQ,
  faqAnswer,
  HERO,
  HOW_IT_WORKS,
  SERVICES,
  SUPPORT_NOW,
} from "~/lib/landing-content";
import { crisisHelpFromMatches, pageMeta } from "~/lib/meta";
import { usePublicConfig } from "~/lib/public-config";
import { QUICK_EXIT_TEXTS } from "~/lib/quick-exit-texts";
import { m } from "~/paraglide/messages";
import { inDangerSentence } from "~/shared/crisis-help";
import { chatWith, PATHS } from "~/shared/routes";
import type { Route } from "./+types/home";

export function meta({ matches, location }: Route.MetaArgs) {
  const help = crisisHelpFromMatches(matches);
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: HERO.title,
      description: m.landing_description(),
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: FAQ.map((entry) => ({
          "@type": "Question",
          name: entry.question,
          acceptedAnswer: { "@type": "Answer", text: faqAnswer(entry, inDangerSentence(help)) },
        })),
      },
    },
  ];
}

const primaryButton =
  "inline-flex items-center justify-center rounded-full bg-brand-700 px-7 py-3.5 text-base font-semibold text-white shadow-md hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export default function Home() {
  const { supportUserId } = usePublicConfig();
  const supportChat = chatWith(supportUserId);
  const help = useCrisisHelp();

  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-24">
          <h1 className="text-4xl font-extrabold tracking-tight text-brand-900 sm:text-5xl">{HERO.title}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-700">{HERO.lead}</p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link to={supportChat} className={primaryButton}>
              {HERO.primaryCta}
            </Link>
            <Link
              to={PATHS.howItWorks}
              className="inline-flex items-center justify-center rounded-full px-6 py-3.5 font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {HERO.secondaryCta}
            </Link>
          </div>
          <p className="mt-6 text-sm text-slate-600">
            <EmergencyNumbersInline
              linkClass="font-semibold text-rose-800 underline"
              sentence={{ call: m.landing_in_danger, local: m.landing_in_danger_local }}
            />
          </p>
          <aside
            aria-labelledby="quick-exit-title"
            className="mx-auto mt-8 max-w-2xl rounded-xl bg-amber-50 px-5 py-4 text-left ring-1 ring-amber-200"
          >
            <h2 id="quick-exit-title" className="font-semibold text-amber-950">
              {QUICK_EXIT_TEXTS.landingTitle}
            </h2>
            <p className="mt-1 text-sm leading-relaxed text-slate-800">{QUICK_EXIT_TEXTS.landingText}</p>
            <p className="mt-1 text-sm leading-relaxed text-slate-700">{QUICK_EXIT_TEXTS.landingHistory}</p>
          </aside>
        </div>
      </section>

      <section aria-labelledby="encouragement-title" className="bg-white px-4 py-16">
        <h2 id="encouragement-title" className="sr-only">
          {m.landing_encouragement_heading()}
        </h2>
        <EncouragementCarousel slides={ENCOURAGEMENT_SLIDES} />
        <div className="mt-10 text-center">
          <Link to={supportChat} className={primaryButton}>
            {SUPPORT_NOW.cta}
          </Link>
        </div>
      </section>

      <section aria-labelledby="services-title" className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="services-title" className="text-center text-3xl font-bold text-slate-900">
            {m.landing_services_heading()}
          </h2>
          <ul className="mt-10 grid gap-6 md:grid-cols-3">
            {SERVICES.map((service) => (
              <li
                key={service.title}
                className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              >
                <ServiceIcon icon={service.icon} />
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{service.title}</h3>
                <p className="mt-2 flex-1 leading-relaxed text-slate-700">{service.text}</p>
                <Link to={supportChat} className="mt-5 font-semibold text-brand-700 underline-offset-2 hover:underline">
                  {m.landing_start_chat()}
                  <span className="sr-only">{m.landing_start_chat_about({ title: service.title })}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="how-it-works-title" className="bg-white px-4 py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="how-it-works-title" className="text-center text-3xl font-bold text-slate-900">
            {m.landing_how_heading()}
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {HOW_IT_WORKS.map((item, i) => (
              <li key={item.title} className="rounded-2xl border border-brand-100 p-6">
                <span className="text-sm font-semibold text-brand-700">{m.landing_step({ number: i + 1 })}</span>
                <h3 className="mt-1 text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-700">{item.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="faq-title" className="bg-slate-50 px-4 py-16">
        <div className="mx-auto max-w-3xl">
          <h2 id="faq-title" className="text-center text-3xl font-bold text-slate-900">
            {m.landing_faq_heading()}
          </h2>
          <div className="mt-8 space-y-3">
            {FAQ.map((entry) => (
              <details key={entry.question} className="group rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
                <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden">
                  {entry.question}
                </summary>
                <p className="mt-3 leading-relaxed text-slate-700">{faqAnswer(entry, inDangerSentence(help))}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="closing-title" className="bg-brand-800 px-4 py-16 text-center text-white">
        <h2 id="closing-title" className="text-3xl font-bold">
          {CLOSING.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{CLOSING.text}</p>
        <Link
          to={supportChat}
          className="mt-8 inline-flex items-center justify-center rounded-full bg-white px-7 py-3.5 font-semibold text-brand-800 shadow-md hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {CLOSING.cta}
        </Link>
      </section>
    </>
  );
}
