import { Link } from "react-router";
import { legalLinkLabel } from "~/lib/legal-link-labels";
import { usePageLanguage } from "~/lib/page-language";
import { usePublicConfig } from "~/lib/public-config";
import { m } from "~/paraglide/messages";
import { localizedPath } from "~/shared/languages";
import { chatWith, LEGAL_LINKS, PATHS } from "~/shared/routes";
import { CrisisResourcesBox } from "./crisis-resources-box";
import { LanguageSwitch } from "./language-switch";
import { Logo } from "./logo";

const footerLink = "text-slate-300 underline-offset-2 hover:text-white hover:underline";

/** Spec section 2, Footer. */
export function SiteFooter() {
  const config = usePublicConfig();
  const language = usePageLanguage();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.6fr]">
        <div>
          <div className="flex items-center gap-2">
            <Logo />
            <div>
              <p className="text-lg font-bold text-white">{config.brandName}</p>
              <p className="text-xs font-semibold tracking-widest text-slate-400">{m.footer_tagline()}</p>
            </div>
          </div>
          <p className="mt-4 text-sm leading-relaxed">{m.footer_description()}</p>
          <div className="mt-4 text-sm">
            <LanguageSwitch />
          </div>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold uppercase tracking-wide text-white">
            {m.footer_quick_links()}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to={localizedPath(PATHS.home, language)} className={footerLink}>
                {m.footer_home()}
              </Link>
            </li>
            <li>
              <Link to={chatWith(config.supportUserId)} className={footerLink}>
                {m.footer_start_talking()}
              </Link>
            </li>
          </ul>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-white">{m.footer_contact()}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href={`mailto:${config.contactEmail}`} className={footerLink}>
                {config.contactEmail}
              </a>
            </li>
            <li>
              <a href={config.socialUrl} className={footerLink} target="_blank" rel="noopener noreferrer">
                {m.footer_follow_us()}
                <span className="sr-only">{m.footer_new_tab()}</span>
              </a>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold uppercase tracking-wide text-white">
            {m.footer_legal()}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={localizedPath(link.to, language)} className={footerLink}>
                  {legalLinkLabel(link.to)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <CrisisResourcesBox />
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-xs text-slate-400 sm:flex-row sm:justify-between">
          <p>{m.footer_copyright({ brand: config.brandName })}</p>
          <p>{m.footer_made_with_love()}</p>
        </div>
      </div>
    </footer>
  );
}
