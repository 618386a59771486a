import { m } from "~/paraglide/messages";

/** Spec section 2, Landing page. */

export { CAROUSEL_INTERVAL_MS } from "./carousel";

export const HERO = {
  get title() {
    return m.hero_title();
  },
  get lead() {
    return m.hero_lead();
  },
  get primaryCta() {
    return m.hero_primary_cta();
  },
  get secondaryCta() {
    return m.hero_secondary_cta();
  },
};

export type EncouragementSlide = { title: string; text: string };

function titled(title: () => string, text: () => string): { title: string; text: string } {
  return {
    get title() {
      return title();
    },
    get text() {
      return text();
    },
  };
}

/** Titles are the spec's, in its order. */
export const ENCOURAGEMENT_SLIDES: EncouragementSlide[] = [
  titled(m.slide_1_title, m.slide_1_text),
  titled(m.slide_2_title, m.slide_2_text),
  titled(m.slide_3_title, m.slide_3_text),
  titled(m.slide_4_title, m.slide_4_text),
  titled(m.slide_5_title, m.slide_5_text),
  titled(m.slide_6_title, m.slide_6_text),
];

export const SUPPORT_NOW = {
  get cta() {
    return m.support_now_cta();
  },
};

export type ServiceCard = { title: string; text: string; icon: "heart" | "cloud" | "chat" };

/** Getters, never spread: a spread would read the words once, in the first page's language. */
function service(title: () => string, text: () => string, icon: ServiceCard["icon"]): ServiceCard {
  return Object.assign(titled(title, text), { icon });
}

export const SERVICES: ServiceCard[] = [
  service(m.service_1_title, m.service_1_text, "heart"),
  service(m.service_2_title, m.service_2_text, "cloud"),
  service(m.service_3_title, m.service_3_text, "chat"),
];

type HowItWorksItem = { title: string; text: string };

export const HOW_IT_WORKS: HowItWorksItem[] = [
  titled(m.how_1_title, m.how_1_text),
  titled(m.how_2_title, m.how_2_text),
  titled(m.how_3_title, m.how_3_text),
  titled(m.how_4_title, m.how_4_text),
  titled(m.how_5_title, m.how_5_text),
  titled(m.how_6_title, m.how_6_text),
];

export const CLOSING = {
  get title() {
    return m.closing_title();
  },
  get text() {
    return m.closing_text();
  },
  get cta() {
    return m.closing_cta();
  },
};

type FaqEntry = { question: string; answer: (inDanger: string) => string };

function entry(question: () => string, answer: (inDanger: string) => string): FaqEntry {
  return {
    get question() {
      return question();
    },
    answer,
  };
}

export function faqAnswer(faq: FaqEntry, inDanger: string): string {
  return faq.answer(inDanger);
}

/** Also published as schema.org FAQPage structured data. */
export const FAQ: FaqEntry[] = [
  entry(m.faq_1_question, () => m.faq_1_answer()),
  entry(m.faq_2_question, () => m.faq_2_answer()),
  entry(m.faq_3_question, () => m.faq_3_answer()),
  entry(m.faq_4_question, (inDanger) => m.faq_4_answer({ inDanger })),
  entry(m.faq_5_question, () => m.faq_5_answer()),
  entry(m.faq_6_question, () => m.faq_6_answer()),
];
