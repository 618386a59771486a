import { data } from "react-router";
import { UNREADABLE_FORM_MESSAGE } from "~/shared/form-posts";

/** The two encodings a browser's form is posted in. */
const FORM_CONTENT_TYPE = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/**
 * The one way every route action and form endpoint reads its body: the posted form, or null when the
 * body is not one (JSON, a malformed multipart body, another content type, no body at all). The
 * runtime's own `formData()` throws on each of those, which an action would turn into a 500; every
 * caller answers null with a 4xx and changes nothing. A body left unread here is read by the
 * Worker's entry once the answer is ready (worker/http/unread-body.ts).
 */
export async function readFormBody(request: Request): Promise<FormData | null> {
  if (!FORM_CONTENT_TYPE.test(request.headers.get("content-type") ?? "")) return null;
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/** readFormBody for an action with nothing of its own to answer: a body that is no form is a 400. */
export async function readPostedForm(request: Request): Promise<FormData> {
  const form = await readFormBody(request);
  if (!form) throw data(UNREADABLE_FORM_MESSAGE, { status: 400 });
  return form;
}
