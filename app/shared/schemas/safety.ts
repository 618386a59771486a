import {
  MAX_REPORT_NOTE,
  MAX_SUSPENSION_NOTE,
  MODERATION_TEXTS,
  REPORT_REASON_VALUES,
  REPORT_SUBJECTS,
  REPORT_TEXTS,
  SUSPENSION_REASON_VALUES,
} from "~/shared/safety";
import { z } from "./zod";

/** The person reported comes from the route, never from the form. */
// The messages are read when a form is checked, so they are in the language of the person posting.
export const ReportFormSchema = z
  .object({
    intent: z.literal("report"),
    subject: z.enum(REPORT_SUBJECTS),
    seq: z.coerce.number().int().positive().optional(),
    reason: z.enum(REPORT_REASON_VALUES, { error: () => REPORT_TEXTS.chooseReason }),
    note: z
      .string()
      .trim()
      .max(MAX_REPORT_NOTE, { error: () => REPORT_TEXTS.noteTooLong })
      .default(""),
    alsoBlock: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
  })
  .refine((form) => form.subject !== "message" || form.seq !== undefined, {
    error: () => REPORT_TEXTS.unknownMessage,
    path: ["seq"],
  });
type ReportForm = z.infer<typeof ReportFormSchema>;

export type SafetyResult =
  | { intent: "block" | "unblock"; ok: true; username: string }
  | { intent: "block" | "unblock"; ok: false; message: string }
  | { intent: "report"; ok: true; reason: ReportForm["reason"]; blockedUsername: string | null }
  | { intent: "report"; ok: false; message?: string; errors: { reason?: string; note?: string } };

export const SuspensionDecisionSchema = z.object({
  reason: z.enum(SUSPENSION_REASON_VALUES, { error: MODERATION_TEXTS.chooseSuspensionReason }),
  note: z.string().trim().max(MAX_SUSPENSION_NOTE, MODERATION_TEXTS.suspensionNoteTooLong).default(""),
});
export type SuspensionDecision = z.infer<typeof SuspensionDecisionSchema>;

const SuspendFormSchema = SuspensionDecisionSchema.extend({
  intent: z.literal("suspend"),
  id: z.string().min(1),
});

export type SuspendFormProblem = {
  id: string;
  errors: { reason?: string; note?: string };
  values: { reason: string; note: string };
};

export function parseSuspendForm(
  form: FormData,
): { ok: true; data: z.infer<typeof SuspendFormSchema> } | { ok: false; problem: SuspendFormProblem } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const parsed = SuspendFormSchema.safeParse({
    intent: text("intent"),
    id: text("id"),
    reason: text("reason"),
    note: text("note"),
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: SuspendFormProblem["errors"] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === "reason" || field === "note") && !errors[field]) errors[field] = issue.message;
  }
  return {
    ok: false,
    problem: { id: text("id") ?? "", errors, values: { reason: text("reason") ?? "", note: text("note") ?? "" } },
  };
}
