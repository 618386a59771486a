/** Made by scripts/page-scripts-plugin.ts. */
declare module "virtual:page-scripts" {
  /** On the server; the browser's bundle gets a placeholder. */
  export const BOOT_SCRIPT: string;
  export const PAGE_ANALYTICS_URL: string;
  export const PUBLIC_PAGE_URL: string;
  export const AUTH_FORMS_URL: string;
}
