import { isRouteErrorResponse } from "react-router";

/** A post that got no answer from its action: the network failed (status null) or something between answered an error. */
export type PostFailure = { status: number | null };

/**
 * Runs a route's server action from its clientAction and turns a post that got no action answer
 * into data the form shows in place, so a dropped connection or a 503 from something between the
 * browser and the action keeps the form and everything typed, rather than replacing the page with
 * the route's error boundary. Redirects pass through. Without scripts the browser shows such a
 * failure itself, and Back returns to the form.
 */
export async function serverActionOrFailure<T>(serverAction: () => Promise<T>): Promise<T | { failed: PostFailure }> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    // fetch rejects with a TypeError when nothing came back; an action that threw answers an Error.
    const status = isRouteErrorResponse(error) ? error.status : error instanceof TypeError ? null : 500;
    return { failed: { status } };
  }
}
