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

export function isVisitorDeskIntent(intent: unknown): intent is VisitorDeskIntent {
  return Object.values(VISITOR_DESK_INTENTS).includes(intent as VisitorDeskIntent);
}

/**
 * Only ever about the signed-in person's own conversation (the pair is theirs by construction); the desk checks
 * the rest and answers why not as a code, worded here in the request's language.
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
