/**
 * Crisis phrasing in a conversation: the one list of phrases that makes the conversation offer the
 * crisis resources (app/components/chat/crisis-banner.tsx), and that puts a waiting support
 * conversation first in the desk's queue with a flag only listeners see (worker/chat/desk-link.ts). The match itself is never stored with the message or sent to the visitor's contact.
 *
 * How a phrase matches: whole words only, case-insensitively, after both the text and the phrase are
 * normalised the same way (see `normalise`): apostrophes are dropped ("don't" = "dont"), every other
 * run of non-letters (spaces, hyphens, punctuation, line breaks) is one space. So "self-harm",
 * "self  harm" and "SELF HARM!" are the same, and "skills" never contains "kms".
 *
 * What is in: suicidal and self-harm phrasing in English and in Spanish, in the first person, with
 * common misspellings and chat shorthand. What is deliberately out: everyday figures of speech
 * ("killing it at work", "this song kills me", "I could die laughing", "dying to see that film",
 * "kill me now", "me muero de risa", "me mata el calor", "mátame"), because a banner that shows for
 * everything stops being read. Some phrases show it in any context ("suicide", "overdose", "cut
 * myself", "want to die"): a film title ("Suicide Squad"), "I cut myself shaving" or "I don't want
 * to die" show it too. That is the chosen side of the trade: the banner is quiet, never blocks
 * anything and can be closed, while missing someone who wrote "suicide" costs far more.
 */
export const CRISIS_PHRASES: readonly string[] = [
  // Suicide, and its common misspellings.
  "suicide",
  "suicides",
  "suicidal",
  "suicidally",
  "suicde",
  "suicid",
  "sucide",
  "suiside",
  "suicied",
  "suacide",
  "sucidal",
  "suicdal",
  "suisidal",
  "suicidial",
  "suacidal",
  "commit suicide",
  // Killing oneself, with shorthand and misspellings.
  "kill myself",
  "kill my self",
  "killing myself",
  "killing my self",
  "killed myself",
  "kil myself",
  "kil my self",
  "kill myslef",
  "kill mysef",
  "kill meself",
  "killmyself",
  "kms",
  "unalive myself",
  "unaliving myself",
  // Ending one's life.
  "end my life",
  "end my own life",
  "ending my life",
  "end it all",
  "ending it all",
  "take my life",
  "take my own life",
  "taking my life",
  "taking my own life",
  "end myself",
  // Wanting to die, not wanting to live.
  "want to die",
  "wanna die",
  "want 2 die",
  "wanting to die",
  "wish i was dead",
  "wish i were dead",
  "want to be dead",
  "better off dead",
  "better off without me",
  "no reason to live",
  "nothing to live for",
  "don't want to live",
  "dont wanna live",
  "do not want to live",
  "don't want to be alive",
  "do not want to be alive",
  "don't want to be here anymore",
  "can't go on living",
  // Self-harm.
  "self harm",
  "self harming",
  "selfharm",
  "self injury",
  "self injure",
  "hurt myself",
  "hurting myself",
  "harm myself",
  "harming myself",
  "cut myself",
  "cutting myself",
  "slit my wrists",
  "slitting my wrists",
  "hang myself",
  "hanging myself",
  "shoot myself",
  "overdose",
  "overdosed",
  "overdosing",
  // Spanish, as written in Spain and Latin America. `normalise` keeps accents and "ñ", so a phrase
  // that has them is listed with them and without any: people who drop accents drop them all.
  // Suicide, and its common misspellings.
  "suicidio",
  "suicidios",
  "suicida",
  "suicidas",
  "suicidar",
  "suicidarme",
  "suicidarse",
  "suicidándome",
  "suicidandome",
  "suicido",
  "quiero suicidarme",
  "me voy a suicidar",
  "suisidio",
  "sucidio",
  "suicdio",
  "suisida",
  "sucida",
  "suisidarme",
  "sucidarme",
  // Killing oneself. "matarme" alone also shows for "mi madre va a matarme": the chosen side, as for
  // "I cut myself shaving".
  "matarme",
  "me voy a matar",
  "me quiero matar",
  // Ending one's life.
  "quitarme la vida",
  "me voy a quitar la vida",
  "me quiero quitar la vida",
  "acabar con mi vida",
  "acabar con mi propia vida",
  "terminar con mi vida",
  "poner fin a mi vida",
  // Wanting to die, not wanting to live.
  "me quiero morir",
  "quiero morirme",
  "quiero morir",
  "kiero morir",
  "kiero morirme",
  "ganas de morir",
  "ganas de morirme",
  "ojalá me muera",
  "ojala me muera",
  "ojalá estuviera muerto",
  "ojalá estuviera muerta",
  "ojala estuviera muerto",
  "ojala estuviera muerta",
  "quiero estar muerto",
  "quiero estar muerta",
  "estaría mejor muerto",
  "estaría mejor muerta",
  "estaria mejor muerto",
  "estaria mejor muerta",
  "estarían mejor sin mí",
  "estarian mejor sin mi",
  "dormir y no despertar",
  "dormirme y no despertar",
  "no quiero vivir",
  "no kiero vivir",
  "no quiero seguir viviendo",
  "no quiero estar vivo",
  "no quiero estar viva",
  "no quiero seguir vivo",
  "no quiero seguir viva",
  "no tengo ganas de vivir",
  "sin ganas de vivir",
  "no vale la pena vivir",
  "no vale la pena seguir viviendo",
  "para qué seguir viviendo",
  "para que seguir viviendo",
  "para q seguir viviendo",
  "nada por lo que vivir",
  "nada por lo q vivir",
  "nada por qué vivir",
  "nada por que vivir",
  "nada xq vivir",
  "no tengo razones para vivir",
  "ya no quiero estar aquí",
  "ya no quiero estar aqui",
  "ya no quiero estar acá",
  "ya no quiero estar aca",
  "no quiero existir",
  "quiero dejar de existir",
  // With "para siempre" it is the wish to vanish listeners ask about; "quiero desaparecer" alone is
  // as often embarrassment or a weekend away.
  "desaparecer para siempre",
  // Self-harm.
  "hacerme daño",
  "hacerme dano",
  "me hago daño",
  "me hago dano",
  "lastimarme",
  "autolesión",
  "autolesion",
  "autolesiones",
  "autolesionar",
  "autolesionarme",
  "autolesionarse",
  "autolesiono",
  "autolesioné",
  "autolesione",
  "autolesionándome",
  "autolesionandome",
  // Cutting: named with what is cut, because "cortarme" or "me corto" alone would show the banner for
  // "cortarme el pelo" and "me corto las uñas". "me estoy cortando" with no object is how people say
  // they self-harm, so it stays, and shows for "me estoy cortando el pelo" too.
  "cortarme las venas",
  "cortarme las muñecas",
  "cortarme las munecas",
  "cortarme los brazos",
  "cortarme las piernas",
  "me corto las venas",
  "me corto los brazos",
  "me corto las piernas",
  "me corté los brazos",
  "me corte los brazos",
  "me estoy cortando",
  "me hago cortes",
  "hacerme cortes",
  // Means.
  "ahorcarme",
  "me voy a ahorcar",
  "pegarme un tiro",
  "me voy a pegar un tiro",
  "tirarme de un puente",
  "tirarme a las vías",
  "tirarme a las vias",
  "sobredosis",
  "tomarme todas las pastillas",
  "me tomé todas las pastillas",
  "me tome todas las pastillas",
];

/** Phrases that mean something else right after a number: "kms" is also kilometres ("10 kms"). */
const NOT_AFTER_A_NUMBER: ReadonlySet<string> = new Set(["kms"]);

/** Lower case, apostrophes dropped, every other run of non-letters/digits one space, padded with spaces. */
function normalise(text: string): string {
  const words = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['‘’`ʼ]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return ` ${words} `;
}

/**
 * One expression for the whole list: each phrase between spaces of the normalised text (its padding
 * makes the start and the end count as spaces). Normalised phrases hold only letters, digits and
 * single spaces, so none needs escaping.
 */
const CRISIS_PATTERN = new RegExp(
  [...new Set(CRISIS_PHRASES.map((phrase) => normalise(phrase).trim()))]
    .map((phrase) => `${NOT_AFTER_A_NUMBER.has(phrase) ? "(?<!\\p{N} )" : ""}(?<= )${phrase}(?= )`)
    .join("|"),
  "u",
);

/** Whether the text contains any crisis phrase (see CRISIS_PHRASES for how one matches). */
export function containsCrisisPhrase(text: string): boolean {
  if (!text.trim()) return false;
  return CRISIS_PATTERN.test(normalise(text));
}
