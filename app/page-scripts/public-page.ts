/** The same DOM behaviour the React components start on hydrated pages. */
import { CAROUSEL_PARTS, startCarousel } from "~/lib/carousel";
import { MOBILE_MENU_ATTRIBUTE, startMobileMenu } from "~/lib/mobile-menu";
import { ENHANCED_ATTRIBUTE } from "~/lib/page-scripts";

for (const carousel of document.querySelectorAll<HTMLElement>(`[${CAROUSEL_PARTS.root}]`)) startCarousel(carousel);
for (const menu of document.querySelectorAll<HTMLDetailsElement>(`details[${MOBILE_MENU_ATTRIBUTE}]`)) {
  startMobileMenu(menu);
}
document.documentElement.setAttribute(ENHANCED_ATTRIBUTE, "true");
