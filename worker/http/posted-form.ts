import { data } from "react-router";
import { UNREADABLE_FORM_MESSAGE } from "~/shared/form-posts";

const FORM_CONTENT_TYPE = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/**
 * Null for anything but a form, where the runtime's `formData()` would throw and make a 500. A body
 * left unread is drained by the Worker's entry (worker/http/unread-body.ts).
 */
export async function readFormBody(request: Request): Promise<FormData | null> {
  if (!FORM_CONTENT_TYPE.test(request.headers.get("content-type") ?? "")) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

export async function readPostedForm(request: Request): Promise<FormData> {
  const form = await readFormBody(request);
  if (!form) throw data(UNREADABLE_FORM_MESSAGE, { status: 400 });
  return form;
}
