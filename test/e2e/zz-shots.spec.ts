import { composer, openConversation } from "./support/chat-page";
import { SUPPORT_CHAT_PATH } from "./support/config";
import { borrowContext } from "./support/shared-context";
import { randomClientAddress, signUpThroughApi, test } from "./support/test";

for (const [locale, width] of [["de-DE", 320], ["en-IN", 375], ["fr", 320], ["is-IS", 1280]] as const) {
  test(`shots ${locale} ${width}`, async ({ browser, baseURL }) => {
    const context = await borrowContext(browser, { baseURL, locale, viewport: { width, height: 800 } }, randomClientAddress());
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("region").screenshot({ path: `/tmp/shots/box-${locale}-${width}.png` });
    await page.goto("/crisis-help/country?back=%2F");
    await page.screenshot({ path: `/tmp/shots/chooser-${locale}-${width}.png`, fullPage: false });
    await page.goto("/privacypolicy");
    await page.getByText("If you are in immediate danger, please").first().screenshot({ path: `/tmp/shots/legal-${locale}-${width}.png` });
    await signUpThroughApi(page, baseURL ?? "");
    await openConversation(page, SUPPORT_CHAT_PATH);
    await page.screenshot({ path: `/tmp/shots/chat-${locale}-${width}.png` });
    await composer(page).fill("I want to end my life");
    await page.getByRole("region", { name: "You're not alone" }).waitFor();
    await page.screenshot({ path: `/tmp/shots/banner-${locale}-${width}.png` });
    await page.getByRole("button", { name: "You're not alone, More numbers" }).click();
    await page.screenshot({ path: `/tmp/shots/banner-open-${locale}-${width}.png` });
  });
}
