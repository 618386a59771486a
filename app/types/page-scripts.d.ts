/**
 * The page's own small scripts (scripts/page-scripts-plugin.ts): the inline code of every page's
 * <head>, and the URLs of the modules.
 */
declare module "virtual:page-scripts" {
  /** The inline script's code (on the server; the browser's bundle gets a placeholder). */
  export const BOOT_SCRIPT: string;
  /** Web vitals and client-side page views: every page. */
  export const PAGE_ANALYTICS_URL: string;
  /** The carousel and the phone menu: pages without the framework. */
  export const PUBLIC_PAGE_URL: string;
  /** The sign-in screens' forms: their pages (without the framework). */
  export const AUTH_FORMS_URL: string;
}
