/**
 * The inline script in every page's <head> (scripts/page-scripts-plugin.ts inlines it): it runs
 * before the body is parsed, so the page is laid out for scripts from the first paint (no shift when
 * the carousel starts), and Quick exit and Escape×3 work before anything else has loaded, on pages
 * with and without the framework. On a page that hydrates, it starts the framework once the page is
 * painted (app/lib/framework-after-paint.ts), a conversation shows its newest message from the
 * first paint (app/lib/newest-in-view.ts), and its composer sends on Enter before the framework
 * arrives (app/lib/composer-before-framework.ts).
 */
import { composerPostPending, sendComposerBeforeFramework } from "~/lib/composer-before-framework";
import { startFrameworkAfterPaint } from "~/lib/framework-after-paint";
import { showNewestRowsOnceParsed } from "~/lib/newest-in-view";
import { QUICK_EXIT_URL_ATTRIBUTE, SCRIPTS_RUN_ATTRIBUTE } from "~/lib/page-scripts";
import { startQuickExit } from "~/lib/quick-exit";

document.documentElement.setAttribute(SCRIPTS_RUN_ATTRIBUTE, "");
const quickExitUrl = document.currentScript?.getAttribute(QUICK_EXIT_URL_ATTRIBUTE);
if (quickExitUrl) startQuickExit(quickExitUrl);
showNewestRowsOnceParsed(document);
sendComposerBeforeFramework(document);
startFrameworkAfterPaint(document, () => !composerPostPending(document));
