import { expect, test } from "@playwright/test";
import { CLOSING, FAQ, faqAnswer, HERO, HOW_IT_WORKS, SERVICES, SUPPORT_NOW } from "../../app/lib/landing-content";
import { inDangerSentence } from "../../app/shared/crisis-help";
import { crisisHelpFor } from "../../worker/crisis-help/country-help";
import { BRAND_NAME, SUPPORT_CHAT_PATH } from "./support/config";

test.describe("the landing page", () => {
  test("shows the hero, services, how it works and closing section with the spec's texts", async ({ page }) => {
    await page.goto("/");
    await expect(
      page.getByRole("heading", { level: 1, name: "Free Anonymous Chat For Emotional Support" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Talk to Someone Now - Free" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Support Now" })).toBeVisible();
    for (const title of ["Crisis Support Chat", "Depression & Anxiety Support", "Someone to Talk To"]) {
      await expect(page.getByRole("heading", { level: 3, name: title })).toBeVisible();
    }
    for (const title of [
      "Anonymous Chat Support",
      "Compassionate Listening",
      "Peer Support Community",
      "Free Support",
      "Complete Privacy",
      "Compassionate Care",
    ]) {
      await expect(page.locator("#how-it-works").getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 2, name: "You're Not Alone in This" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Start Your Healing Journey" })).toBeVisible();
    expect(SERVICES).toHaveLength(3);
    expect(HOW_IT_WORKS).toHaveLength(6);
  });

  test("sends every call to action to the chat with the support account", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    for (const name of [HERO.primaryCta, SUPPORT_NOW.cta, CLOSING.cta]) {
      await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", SUPPORT_CHAT_PATH);
    }
    const serviceLinks = main.getByRole("link", { name: /^Start a chat/ });
    await expect(serviceLinks).toHaveCount(3);
    for (const link of await serviceLinks.all()) await expect(link).toHaveAttribute("href", SUPPORT_CHAT_PATH);
  });

  test("reaches the how-it-works section from the hero and from the header", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "How it works" }).click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expect(page.getByRole("heading", { level: 2, name: "How It Works" })).toBeInViewport();

    await page.goto("/privacypolicy");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "How It Works" }).click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expect(page.getByRole("heading", { level: 2, name: "How It Works" })).toBeInViewport();
  });

  test("sets title, description, canonical and Open Graph metadata", async ({ page, baseURL }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(`Free Anonymous Chat For Emotional Support | ${BRAND_NAME}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /anonymous.*emotional support/i);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Free Anonymous Chat/);
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}/`);
    await expect(page.locator('meta[property="og:site_name"]')).toHaveAttribute("content", BRAND_NAME);
  });

  test("publishes the visible FAQ as schema.org FAQPage structured data", async ({ page }) => {
    await page.goto("/");
    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(scripts).toHaveLength(1);
    const data = JSON.parse(scripts[0] ?? "");
    expect(data["@context"]).toBe("https://schema.org");
    expect(data["@type"]).toBe("FAQPage");
    expect(data.mainEntity).toHaveLength(FAQ.length);
    // The browser says en-US: the answer that names numbers names the United States' own.
    const help = crisisHelpFor("US");
    for (const [i, entry] of FAQ.entries()) {
      const answer = faqAnswer(entry, inDangerSentence(help));
      expect(data.mainEntity[i]).toEqual({
        "@type": "Question",
        name: entry.question,
        acceptedAnswer: { "@type": "Answer", text: answer },
      });
      // Structured data must describe content people can actually read on the page.
      await page.getByText(entry.question, { exact: true }).click();
      await expect(page.getByText(answer)).toBeVisible();
    }
  });
});
