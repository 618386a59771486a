import { env } from "cloudflare:workers";
import type { SupportDesk } from "../desk/support-desk";

/**
 * What the rest of the server may ask of the support desk, and the one place it is
 * reached from (like worker/objects/room-service.ts):
 * - the Worker: `fetch` (a desk socket, after its checks), `snapshot`, `accessOf`, the listeners'
 *   actions (`setAvailability`, `takeNext`, `take`, `transfer`, `returnToLine`, `resolve`),
 *   `forgetListener` (the admin removed a listener), `renameListener` (the admin changed an alias),
 *   `setListenerLanguages` (the admin changed the languages a listener answers in),
 *   the admin's `whisper` and `figures`, the visitor's `visitorEnded` and `answerSurvey`, and
 *   `visitorLeft` (every session of a visitor ended);
 * - a support conversation's ChatRoom: `visitorWaiting` (its visitor wrote while nobody holds it, or
 *   first wrote crisis words while someone does), `listenersAvailable` (for a visitor who has not
 *   written yet), `listenerOpened` (its holder opened it or wrote in it) and `listenerReplied` (the
 *   opening's first reply);
 * - a listener's UserInbox: `endSessions` (a session's end closes its desk sockets).
 */
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

/** The one desk: every assignment is decided in one place (docs/architecture.md, "The support desk"). */
export function supportDesk(): DeskCalls {
  return env.SUPPORT_DESK.getByName("desk");
}
