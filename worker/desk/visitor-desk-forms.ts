import type { SignedInUser } from "~/shared/accounts";
import {
  SURVEY_TEXTS,
  SurveyAnswerSchema,
  VISITOR_DESK_INTENTS,
  type VisitorDeskAnswer,
  type VisitorDeskIntent,
  visitorDeskRefusalText,
} from "~/shared/desk-operations";
import { pairIdFor } from "~/shared/pair-id";
import { getConfig } from "../config";
import { supportDesk } from "../objects/desk-service";

/** Whether a posted intent is one of the visitor's own desk forms. */
export function isVisitorDeskIntent(intent: unknown): intent is VisitorDeskIntent {
  return Object.values(VISITOR_DESK_INTENTS).includes(intent as VisitorDeskIntent);
}

/**
 * The visitor's forms in their support conversation: 'End conversation' and 'Did this
 * conversation help?'. Only ever about the signed-in person's own conversation with the support
 * account (the pair is theirs by construction: nobody can answer for someone else's); the desk
 * checks the rest (that it is open, that the survey is theirs to answer and unanswered) and answers
 * why not as a code, worded here in the language of the request.
 * Answers with the HTTP status the page is given.
 */
export async function visitorDeskForm(
  user: SignedInUser,
  contactId: string,
  intent: VisitorDeskIntent,
  form: FormData,
): Promise<{ answer: VisitorDeskAnswer; status: number }> {
  const supportId = getConfig().public.supportUserId;
  const notHere = { ok: false, message: SURVEY_TEXTS.nothingToAnswer, typed: {} };
  if (contactId !== supportId || user.id === supportId) return { answer: { intent, ...notHere }, status: 400 };
  const pairId = pairIdFor(user.id, supportId);
  if (intent === VISITOR_DESK_INTENTS.end) {
    const ended = await supportDesk().visitorEnded(pairId);
    return "refusal" in ended
      ? { answer: { intent, ok: false, message: visitorDeskRefusalText(ended.refusal), typed: {} }, status: 409 }
      : { answer: { intent, ok: true, message: null, typed: {} }, status: 200 };
  }
  const typed = { answer: String(form.get("answer") ?? ""), comment: String(form.get("comment") ?? "") };
  const parsed = SurveyAnswerSchema.safeParse({ opening: form.get("opening"), ...typed });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? SURVEY_TEXTS.chooseAnswer;
    return { answer: { intent, ok: false, message, typed }, status: 400 };
  }
  const { opening, answer, comment } = parsed.data;
  const answered = await supportDesk().answerSurvey(pairId, opening, { helpful: answer, comment });
  return "refusal" in answered
    ? { answer: { intent, ok: false, message: visitorDeskRefusalText(answered.refusal), typed }, status: 409 }
    : { answer: { intent, ok: true, message: SURVEY_TEXTS.thanks, typed: {} }, status: 200 };
}
