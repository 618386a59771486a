import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";

/**
 * Finds English left on a page read in Spanish: in what it shows and in what a screen reader or a
 * tab reads (labels, titles, placeholders, alt texts, the document's title and description).
 *
 * Two nets, because either alone misses things: English words that Spanish never uses catch a
 * sentence written in a component and never made a message; the English texts of messages whose
 * Spanish differs catch a short label ("Send", "Close") that has no such word.
 */

/** Words common in English sentences and absent from Spanish (so not "a", "no", "me", "has"). */
const ENGLISH_ONLY_WORDS =
  /\b(the|you|your|and|with|please|this|that|will|are|have|been|can|can't|don't|for|from|of|to|is|it|we|our|here|what|when|yet|or|sign|back|send|close|cancel)\b/giu;

/** The literal parts of a message's English text, without its parameters. */
function literalParts(text: string): string[] {
  return text
    .split(/\{[^}]*\}/u)
    .map((part) => part.trim())
    .filter((part) => /\p{L}{3}/u.test(part));
}

const messagesIn = (language: string) =>
  JSON.parse(readFileSync(`messages/${language}.json`, "utf8")) as Record<string, string>;
const spanish = messagesIn("es");
/** English message texts that are not also their Spanish text (names, numbers and brands are). */
const ENGLISH_MESSAGE_PARTS = [
  ...new Set(
    Object.entries(messagesIn("en"))
      .filter(([key, text]) => key !== "$schema" && spanish[key] !== text)
      .flatMap(([key, text]) => literalParts(text).filter((part) => !spanish[key]?.includes(part))),
  ),
];

/** Everything the page says, one string per text node or attribute. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
    if (description) texts.push(description);
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
    };
    // Words marked as another language (the switch's 'English') are meant to be read in it.
    const inSpanish = (element: Element) => element.closest("[lang]")?.getAttribute("lang")?.startsWith("es") ?? true;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, template") || !inSpanish(parent)) continue;
      if (visible(parent) || parent.closest(".sr-only")) texts.push(text);
    }
    // A closed list's options have no box of their own; they are read when it opens.
    for (const select of document.body.querySelectorAll("select")) {
      const box = select.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (const option of select.options) if (inSpanish(option)) texts.push(option.text.trim());
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], img[alt]")) {
      if (!inSpanish(element)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/**
 * The English found on the page, as the text it was found in: empty when the page is all Spanish.
 * `allowed` are texts the page may show as they are (a crisis line's own name, what a person typed).
 */
export async function englishOn(page: Page, allowed: string[] = []): Promise<string[]> {
  const texts = (await pageTexts(page)).map((text) =>
    allowed.reduce((rest, name) => rest.replaceAll(name, " "), text.replace(/\s+/gu, " ")),
  );
  const found = new Set<string>();
  for (const text of texts) {
    if (ENGLISH_ONLY_WORDS.test(text)) found.add(text);
    ENGLISH_ONLY_WORDS.lastIndex = 0;
    for (const part of ENGLISH_MESSAGE_PARTS) {
      // A one-word message part ("Send") counts only as a whole text; longer ones anywhere.
      if (part.includes(" ") ? text.includes(part) : text === part) found.add(`${text}  ← "${part}"`);
    }
  }
  return [...found];
}
