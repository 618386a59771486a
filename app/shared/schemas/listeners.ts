import { LANGUAGES, type Language, languageOf } from "~/shared/languages";
import { LISTENER_INTENTS, LISTENER_TEXTS, MAX_LISTENER_ALIAS, MAX_LISTENER_USERNAME } from "~/shared/listeners";
import { z } from "./zod";

export const ListenerUsernameSchema = z
  .string({ error: LISTENER_TEXTS.usernameRequired })
  .trim()
  .min(1, LISTENER_TEXTS.usernameRequired)
  .max(MAX_LISTENER_USERNAME, LISTENER_TEXTS.usernameTooLong);

/** Empty means none (null). */
export const ListenerAliasSchema = z
  .string({ error: LISTENER_TEXTS.malformed })
  .trim()
  .max(MAX_LISTENER_ALIAS, LISTENER_TEXTS.aliasTooLong)
  .transform((alias) => (alias === "" ? null : alias));

/** Kept once each, in the site's order of languages. */
export const ListenerLanguagesSchema = z
  .array(z.string({ error: LISTENER_TEXTS.unknownLanguage }), { error: LISTENER_TEXTS.noLanguage })
  .min(1, LISTENER_TEXTS.noLanguage)
  .refine((codes) => codes.every((code) => languageOf(code) === code), LISTENER_TEXTS.unknownLanguage)
  .transform((codes): Language[] => LANGUAGES.filter((language) => codes.includes(language)));

const AccountIdSchema = z.string({ error: LISTENER_TEXTS.malformed }).trim().min(1, LISTENER_TEXTS.malformed);

const ListenerFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal(LISTENER_INTENTS.add), username: ListenerUsernameSchema }),
    z.object({ intent: z.literal(LISTENER_INTENTS.remove), userId: AccountIdSchema }),
    z.object({ intent: z.literal(LISTENER_INTENTS.alias), userId: AccountIdSchema, alias: ListenerAliasSchema }),
    z.object({
      intent: z.literal(LISTENER_INTENTS.languages),
      userId: AccountIdSchema,
      languages: ListenerLanguagesSchema,
    }),
  ],
  { error: LISTENER_TEXTS.unknownIntent },
);
export type ListenerForm = z.infer<typeof ListenerFormSchema>;

/** `field` null: a problem that belongs to no field. */
export type ListenerFormProblem =
  | { field: "username"; message: string; username: string }
  | { field: "alias"; message: string; userId: string; alias: string }
  | { field: "languages"; message: string; userId: string; languages: string[] }
  | { field: null; message: string };

export function parseListenerForm(
  form: FormData,
): { ok: true; data: ListenerForm } | { ok: false; problem: ListenerFormProblem } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const values = {
    intent: text("intent"),
    username: text("username"),
    userId: text("userId"),
    alias: text("alias"),
    // Checkboxes: none ticked posts nothing.
    languages: form.getAll("languages"),
  };
  const parsed = ListenerFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const message = issue?.message ?? LISTENER_TEXTS.unknownIntent;
  const field = issue?.path[0];
  // A missing field is no typing mistake but a broken form.
  if (values.intent === LISTENER_INTENTS.add && field === "username" && values.username !== undefined) {
    return { ok: false, problem: { field: "username", message, username: values.username } };
  }
  if (values.intent === LISTENER_INTENTS.alias && field === "alias" && values.alias !== undefined && values.userId) {
    return { ok: false, problem: { field: "alias", message, userId: values.userId, alias: values.alias } };
  }
  if (values.intent === LISTENER_INTENTS.languages && field === "languages" && values.userId) {
    const languages = values.languages.filter((value): value is string => typeof value === "string");
    return { ok: false, problem: { field: "languages", message, userId: values.userId, languages } };
  }
  return { ok: false, problem: { field: null, message } };
}
