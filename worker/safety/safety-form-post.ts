import { data } from "react-router";
import { BLOCK_TEXTS, REPORT_TEXTS } from "~/shared/safety";
import { ReportFormSchema, type SafetyResult } from "~/shared/schemas/safety";
import { readPostedForm } from "../http/posted-form";
import { BlockError, blockUser, unblockUser } from "./blocks";
import { fileReport, ReportError } from "./reports";

function isSafetyIntent(intent: FormDataEntryValue | null): intent is "block" | "unblock" | "report" {
  return intent === "block" || intent === "unblock" || intent === "report";
}

/** `otherId` is the page's own address, never a form field. */
export async function safetyAction(meId: string, otherId: string | undefined, request: Request) {
  return safetyFormAction(meId, otherId, await readPostedForm(request));
}

export async function safetyFormAction(meId: string, otherId: string | undefined, form: FormData) {
  if (!otherId || otherId === meId) throw data("There is nobody to act on here.", { status: 400 });
  if (!isSafetyIntent(form.get("intent"))) throw data("That action is not known here.", { status: 400 });
  const safety = await handleSafetyForm(meId, otherId, form);
  return data({ safety }, { status: safety.ok ? 200 : 400 });
}

async function handleSafetyForm(meId: string, otherId: string, form: FormData): Promise<SafetyResult> {
  const intent = form.get("intent");
  if (intent === "block" || intent === "unblock") {
    try {
      const target = intent === "block" ? await blockUser(meId, otherId) : await unblockUser(meId, otherId);
      if (!target) return { intent, ok: false, message: BLOCK_TEXTS.unknownPerson };
      return { intent, ok: true, username: target.username };
    } catch (error) {
      if (error instanceof BlockError) return { intent, ok: false, message: error.message };
      throw error;
    }
  }
  const parsed = ReportFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors: { reason?: string; note?: string } = {};
    let message: string | undefined;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === "reason" || field === "note") errors[field] ??= issue.message;
      else message ??= field === "seq" ? REPORT_TEXTS.unknownMessage : REPORT_TEXTS.failed;
    }
    return { intent: "report", ok: false, errors, message };
  }
  const report = parsed.data;
  try {
    await fileReport({
      reporterId: meId,
      reportedId: otherId,
      reason: report.reason,
      note: report.note,
      ...(report.subject === "message" ? { subject: "message", seq: report.seq ?? 0 } : { subject: "profile" }),
    });
  } catch (error) {
    if (error instanceof ReportError) return { intent: "report", ok: false, message: error.message, errors: {} };
    throw error;
  }
  let blockedUsername: string | null = null;
  if (report.alsoBlock) {
    try {
      blockedUsername = (await blockUser(meId, otherId)).username;
    } catch (error) {
      // The report stands; a block the rules refuse (the support account) is simply not made.
      if (!(error instanceof BlockError)) throw error;
    }
  }
  return { intent: "report", ok: true, reason: report.reason, blockedUsername };
}
