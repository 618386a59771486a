/**
 * A route action's answer as JSON, for a page script that posts to it without the framework: the
 * framework's own encoding of action data is its client's to read. Data (with its status and
 * headers) becomes its JSON; a redirect, which a script cannot follow by hand, becomes
 * `{ destination }` with the redirect's cookies, for the script to go to by a full page load; an
 * error the action threw as data keeps its status.
 */
export async function actionAsJson(run: () => Promise<unknown>): Promise<Response> {
  try {
    return fromAnswer(await run());
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const headers = new Headers();
      for (const cookie of thrown.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      return Response.json({ destination: thrown.headers.get("Location") }, { headers });
    }
    if (thrown instanceof Response || isDataWithInit(thrown)) return fromAnswer(thrown);
    throw thrown;
  }
}

/** What React Router's `data(value, init)` returns. */
type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function fromAnswer(answer: unknown): Response {
  if (answer instanceof Response) return answer;
  if (isDataWithInit(answer)) return Response.json(answer.data, answer.init ?? undefined);
  return Response.json(answer);
}
