/** The landing page's words (spec section 2, Landing page), kept apart from its layout. */

export const HERO = {
  title: "Free Anonymous Chat For Emotional Support",
  lead: "Talk with someone who listens, without judgement and without giving your name. Whatever you are carrying today, you do not have to carry it alone.",
  primaryCta: "Talk to Someone Now - Free",
  secondaryCta: "How it works",
} as const;

export type EncouragementSlide = { title: string; text: string };

/** The six carousel messages; titles are the spec's, in its order. */
export const ENCOURAGEMENT_SLIDES: EncouragementSlide[] = [
  {
    title: "You Are Stronger Than You Know",
    text: "You have made it through every hard day so far. That strength is still in you, even when it feels far away.",
  },
  {
    title: "Your Story Matters",
    text: "What you have lived through is worth hearing. Sharing it with someone who listens can make it lighter.",
  },
  {
    title: "It's Okay to Not Be Okay",
    text: "You do not need to have it all together to reach out. Feeling low is human, and asking for support is brave.",
  },
  {
    title: "Tomorrow Is a New Day",
    text: "Tonight may be heavy, but feelings change. Rest, breathe, and let tomorrow bring a fresh start.",
  },
  {
    title: "You Are Not Alone",
    text: "Many people feel what you feel right now. Someone is here to listen whenever you are ready to talk.",
  },
  {
    title: "Small Steps Count",
    text: "Getting out of bed, sending one message, drinking a glass of water: every small step is progress.",
  },
];

/** Auto-advance interval of the carousel (spec section 9). */
export const CAROUSEL_INTERVAL_MS = 5000;

export const SUPPORT_NOW_CTA = "Get Support Now";

export type ServiceCard = { title: string; text: string; icon: "heart" | "cloud" | "chat" };

export const SERVICES: ServiceCard[] = [
  {
    title: "Crisis Support Chat",
    text: "When everything feels like too much, reach out for a calm, caring conversation. If you are in immediate danger, please contact emergency services first.",
    icon: "heart",
  },
  {
    title: "Depression & Anxiety Support",
    text: "Talk through low moods, racing thoughts and worry with someone who takes you seriously and never judges.",
    icon: "cloud",
  },
  {
    title: "Someone to Talk To",
    text: "Lonely, stressed or just need to be heard? Start a free, anonymous chat about whatever is on your mind.",
    icon: "chat",
  },
];

type HowItWorksItem = { title: string; text: string };

/** The 'how it works' items of the spec, reachable from the header and the hero. */
export const HOW_IT_WORKS: HowItWorksItem[] = [
  {
    title: "Anonymous Chat Support",
    text: "Sign up with just an email. We give you a random username, so nobody you talk to knows who you are.",
  },
  {
    title: "Compassionate Listening",
    text: "The person on the other side is here to listen and understand, not to lecture or judge.",
  },
  {
    title: "Peer Support Community",
    text: "We offer emotional support from people who care. We are not a substitute for professional mental health services.",
  },
  {
    title: "Free Support",
    text: "Chatting is free, always. The service is kept running by voluntary donations.",
  },
  {
    title: "Complete Privacy",
    text: "Conversations are private to you and the person you talk to, and messages are deleted after 7 days.",
  },
  {
    title: "Compassionate Care",
    text: "If you are in crisis we will point you to people who can help right away, with crisis lines on every page.",
  },
];

export const CLOSING = {
  title: "You're Not Alone in This",
  text: "Reaching out is the first step, and it is often the hardest one. Whenever you are ready, we are here to listen.",
  cta: "Start Your Healing Journey",
} as const;

/**
 * An answer that depends on where the visitor is takes what to do in danger there (the page passes
 * `inDangerSentence` of their crisis help; imported here, it would ride along with the carousel's
 * script, which reads this module's interval).
 */
type FaqEntry = { question: string; answer: string | ((inDanger: string) => string) };

/** An entry's answer for this visitor, given what to do in danger where they are. */
export function faqAnswer(entry: FaqEntry, inDanger: string): string {
  return typeof entry.answer === "string" ? entry.answer : entry.answer(inDanger);
}

/** Shown on the page and published as schema.org FAQPage structured data. */
export const FAQ: FaqEntry[] = [
  {
    question: "Is the chat really free?",
    answer:
      "Yes. Talking to us costs nothing. The service is funded by voluntary donations, and donating is never required.",
  },
  {
    question: "Do I have to give my name?",
    answer:
      "No. You sign up with an email address only, and we generate an anonymous username for you. A profile picture is optional. The people you chat with never see your email.",
  },
  {
    question: "Is this therapy or professional counselling?",
    answer:
      "No. We offer emotional support from people who listen. We are not a substitute for a doctor, therapist or other mental health professional.",
  },
  {
    question: "What should I do if I am in immediate danger?",
    answer: (inDanger) =>
      `Contact emergency services now. ${inDanger} The crisis lines we know of for your country are at the bottom of every page, with a way to choose another country.`,
  },
  {
    question: "How long can a chat last?",
    answer:
      "Each session can last up to 20 minutes, which helps us be there for everyone who reaches out. Sessions can be extended when needed.",
  },
  {
    question: "What happens to my messages?",
    answer:
      "Messages are visible only to you and the person you are talking with, and they are deleted automatically after 7 days.",
  },
];
