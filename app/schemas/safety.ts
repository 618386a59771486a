import { MAX_REPORT_NOTE, REPORT_REASON_VALUES, REPORT_SUBJECTS, REPORT_TEXTS } from "~/lib/safety";
import { z } from "./zod";

/**
 * The report form (issue 12), as the browser posts it to a route action. The person reported comes
 * from the route (the conversation or profile open), never from the form.
 */
export const ReportFormSchema = z
  .object({
    intent: z.literal("report"),
    subject: z.enum(REPORT_SUBJECTS),
    /** The reported message's place in the conversation (message reports only). */
    seq: z.coerce.number().int().positive().optional(),
    reason: z.enum(REPORT_REASON_VALUES, { error: REPORT_TEXTS.chooseReason }),
    note: z.string().trim().max(MAX_REPORT_NOTE, REPORT_TEXTS.noteTooLong).default(""),
    alsoBlock: z
      .literal("on")
      .optional()
      .transform((value) => value === "on"),
  })
  .refine((form) => form.subject !== "message" || form.seq !== undefined, {
    message: REPORT_TEXTS.unknownMessage,
    path: ["seq"],
  });
export type ReportForm = z.infer<typeof ReportFormSchema>;

/** What a block, unblock or report form's action answers. */
export type SafetyResult =
  | { intent: "block" | "unblock"; ok: true; username: string }
  | { intent: "block" | "unblock"; ok: false; message: string }
  | { intent: "report"; ok: true; reason: ReportForm["reason"]; blockedUsername: string | null }
  | { intent: "report"; ok: false; message?: string; errors: { reason?: string; note?: string } };
