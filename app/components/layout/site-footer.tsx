import { Link } from "react-router";
import { usePublicConfig } from "~/lib/public-config";
import { chatWith, LEGAL_LINKS, PATHS } from "~/shared/routes";
import { CrisisResourcesBox } from "./crisis-resources-box";
import { Logo } from "./logo";

const footerLink = "text-slate-300 underline-offset-2 hover:text-white hover:underline";

/** The footer on every page (spec section 2, Footer). */
export function SiteFooter() {
  const config = usePublicConfig();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.6fr]">
        <div>
          <div className="flex items-center gap-2">
            <Logo />
            <div>
              <p className="text-lg font-bold text-white">{config.brandName}</p>
              <p className="text-xs font-semibold tracking-widest text-slate-400">EMOTIONAL SUPPORT</p>
            </div>
          </div>
          <p className="mt-4 text-sm leading-relaxed">
            A free, anonymous and confidential place to talk when life feels heavy. We offer emotional support, not
            professional mental health services.
          </p>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-sm font-semibold uppercase tracking-wide text-white">
            Quick Links
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to={PATHS.home} className={footerLink}>
                Home
              </Link>
            </li>
            <li>
              <Link to={chatWith(config.supportUserId)} className={footerLink}>
                Start Talking
              </Link>
            </li>
          </ul>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a href={`mailto:${config.contactEmail}`} className={footerLink}>
                {config.contactEmail}
              </a>
            </li>
            <li>
              <a href={config.socialUrl} className={footerLink} target="_blank" rel="noopener noreferrer">
                Follow us<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </nav>

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold uppercase tracking-wide text-white">
            Legal
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={footerLink}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <CrisisResourcesBox />
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-5 text-xs text-slate-400 sm:flex-row sm:justify-between">
          <p>© 2025 {config.brandName}. All rights reserved.</p>
          <p>Made with love for those who need support</p>
        </div>
      </div>
    </footer>
  );
}
