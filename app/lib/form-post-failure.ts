import { isRouteErrorResponse } from "react-router";

export type PostFailure = { status: number | null };

/** A dropped connection or a 503 from between keeps the form and everything typed instead of the error boundary. */
export async function serverActionOrFailure<T>(serverAction: () => Promise<T>): Promise<T | { failed: PostFailure }> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    // fetch rejects with a TypeError when nothing came back.
    const status = isRouteErrorResponse(error) ? error.status : error instanceof TypeError ? null : 500;
    return { failed: { status } };
  }
}
