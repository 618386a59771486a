import { Children, type ReactNode } from "react";
import { getLocale } from "~/paraglide/runtime";

/** Unicode's private use area. */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARKER = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/** So the sentence stays one message and every language puts the element where its grammar wants it. */
export function richMessage<Inputs extends Record<string, unknown>>(
  message: (inputs: Inputs) => string,
  parts: { [Name in keyof Inputs]: ReactNode },
): ReactNode {
  const names = Object.keys(parts) as (keyof Inputs)[];
  const markers = Object.fromEntries(names.map((name, index) => [name, `${OPEN}${index}${CLOSE}`])) as Inputs;
  // Children.toArray keys the pieces by their place in the sentence, which is what they are.
  const pieces = message(markers)
    .split(MARKER)
    .map((piece, index) => (index % 2 === 0 ? piece : parts[names[Number(piece)] as keyof Inputs]));
  return Children.toArray(pieces);
}

/** Each item's text is what the language's rules read (Spanish says "u" before an "o"). */
export function richList(items: { text: string; node: ReactNode }[], type: "conjunction" | "disjunction"): ReactNode {
  let next = 0;
  const parts = new Intl.ListFormat(getLocale(), { type }).formatToParts(items.map((item) => item.text));
  return Children.toArray(parts.map((part) => (part.type === "element" ? items[next++]?.node : part.value)));
}
