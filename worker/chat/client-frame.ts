import {
  CHAT_MESSAGES,
  type ClientFrame,
  ClientFrameSchema,
  plainSendFrame,
  type SendFrame,
  type ServerFrame,
} from "~/shared/schemas/chat-protocol";

type ErrorFrame = Extract<ServerFrame, { type: "error" }>;

type ReadFrame = { frame: ClientFrame; refusal?: never } | { frame?: never; refusal: ErrorFrame };

/** A plain send skips zod on the room's hot path; a refusal names the send's temp- id when it can. */
export function readClientFrame(data: string | ArrayBuffer): ReadFrame {
  let value: unknown;
  try {
    value = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data));
  } catch {
    return { refusal: { type: "error", code: "bad_frame", message: CHAT_MESSAGES.badFrame } };
  }
  return readFrameValue(value, clientIdIn(data));
}

export function readSendFrame(
  send: Omit<SendFrame, "type">,
): { frame: SendFrame; refusal?: never } | { frame?: never; refusal: ErrorFrame } {
  const read = readFrameValue({ type: "send", ...send }, send.clientId);
  if (read.refusal) return read;
  return read.frame.type === "send" ? { frame: read.frame } : { refusal: badFrame(send.clientId) };
}

function readFrameValue(value: unknown, clientId: string | undefined): ReadFrame {
  const send = plainSendFrame(value);
  if (send) return { frame: send };
  const parsed = ClientFrameSchema.safeParse(value);
  if (parsed.success) return { frame: parsed.data };
  const { issues } = parsed.error;
  const tooLong = issues.some((issue) => issue.path[0] === "text" && issue.message === CHAT_MESSAGES.tooLong);
  const empty = issues.some((issue) => issue.message === CHAT_MESSAGES.emptyMessage);
  return {
    refusal: {
      type: "error",
      code: tooLong ? "too_long" : empty ? "empty" : "bad_frame",
      message: tooLong ? CHAT_MESSAGES.tooLong : empty ? CHAT_MESSAGES.emptyMessage : CHAT_MESSAGES.badFrame,
      ...(clientId ? { clientId } : {}),
    },
  };
}

function badFrame(clientId: string): ErrorFrame {
  return { type: "error", code: "bad_frame", message: CHAT_MESSAGES.badFrame, clientId };
}

function clientIdIn(data: string | ArrayBuffer): string | undefined {
  const raw = typeof data === "string" ? data : "";
  return raw.match(/"clientId"\s*:\s*"(temp-[^"]{1,64})"/)?.[1];
}
