import { RISK_ANSWERS, WRAP_UP_FIELDS, WRAP_UP_TEXTS, type WrapUp, WrapUpSchema } from "./desk-operations";

/** Read the same by the form and the action, which also checks the topics against the current list. */

/** What is missing from a wrap-up, field by field, in the words the form shows beside each. */
export type WrapUpProblems = Partial<Record<"topics" | "riskDiscussed", string>>;

export type PostedWrapUp = { topics: string[]; riskDiscussed: string | null };

export function postedWrapUp(form: FormData): PostedWrapUp {
  const risk = form.get(WRAP_UP_FIELDS.riskDiscussed);
  return {
    topics: form.getAll(WRAP_UP_FIELDS.topics).filter((topic): topic is string => typeof topic === "string"),
    riskDiscussed: typeof risk === "string" ? risk : null,
  };
}

/** Every field's problem, so the form can say everything missing at once. */
export function parseWrapUp(posted: PostedWrapUp): { wrapUp: WrapUp | null; problems: WrapUpProblems } {
  const riskDiscussed =
    posted.riskDiscussed === RISK_ANSWERS.yes ? true : posted.riskDiscussed === RISK_ANSWERS.no ? false : undefined;
  const parsed = WrapUpSchema.safeParse({ topics: [...new Set(posted.topics)], riskDiscussed });
  if (parsed.success) return { wrapUp: parsed.data, problems: {} };
  const problems: WrapUpProblems = {};
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === "riskDiscussed") problems.riskDiscussed ??= WRAP_UP_TEXTS.chooseRisk;
    else problems.topics ??= issue.path.length > 1 ? WRAP_UP_TEXTS.unknownTopic : WRAP_UP_TEXTS.chooseTopic;
  }
  return { wrapUp: null, problems };
}
