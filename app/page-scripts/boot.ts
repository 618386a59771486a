/**
 * Runs before the body is parsed, so the page is laid out for scripts from the first paint and
 * Quick exit works before anything has loaded.
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
