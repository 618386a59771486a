import { env } from "cloudflare:workers";
import type { SupportDesk } from "../desk/support-desk";

/** The one place the support desk is reached from: what the rest of the server may ask of it. */
type DeskCalls = Pick<
  DurableObjectStub<SupportDesk>,
  | "fetch"
  | "snapshot"
  | "accessOf"
  | "setAvailability"
  | "takeNext"
  | "take"
  | "transfer"
  | "returnToLine"
  | "resolve"
  | "figures"
  | "whisper"
  | "visitorEnded"
  | "visitorLeft"
  | "answerSurvey"
  | "listenerReplied"
  | "forgetListener"
  | "renameListener"
  | "setListenerLanguages"
  | "visitorWaiting"
  | "listenerOpened"
  | "listenersAvailable"
  | "endSessions"
>;

/** Every assignment is decided in one place (docs/architecture.md, "The support desk"). */
export function supportDesk(): DeskCalls {
  return env.SUPPORT_DESK.getByName("desk");
}
