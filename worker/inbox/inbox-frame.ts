import { type InboxClientFrame, InboxClientFrameSchema } from "~/shared/schemas/inbox-protocol";

/** A frame from a page's inbox socket, or undefined for anything that is not one (a binary frame, bad JSON). */
export function readInboxFrame(data: string | ArrayBuffer): InboxClientFrame | undefined {
  if (typeof data !== "string") return undefined;
  try {
    return InboxClientFrameSchema.safeParse(JSON.parse(data)).data;
  } catch {
    return undefined;
  }
}
