import { type InboxClientFrame, InboxClientFrameSchema } from "~/shared/schemas/inbox-protocol";

export function readInboxFrame(data: string | ArrayBuffer): InboxClientFrame | undefined {
  if (typeof data !== "string") return undefined;
  try {
    return InboxClientFrameSchema.safeParse(JSON.parse(data)).data;
  } catch {
    return undefined;
  }
}
