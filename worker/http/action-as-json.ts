/**
 * For a page script that posts without the framework, whose own encoding only its client reads. A
 * redirect becomes `{ destination }` with its cookies, for the script to follow by a full page load.
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

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function fromAnswer(answer: unknown): Response {
  if (answer instanceof Response) return answer;
  if (isDataWithInit(answer)) return Response.json(answer.data, answer.init ?? undefined);
  return Response.json(answer);
}
