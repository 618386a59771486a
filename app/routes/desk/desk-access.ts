import { data, type RouterContextProvider } from "react-router";
import { requireUser } from "~/lib/guards";
import { deskActorOf } from "~worker/desk/desk-conversation";
import type { DeskActor } from "~worker/desk/support-desk";

/** Anyone else signed in gets the not-found page, so the desk is not even shown to exist. */
export async function requireDeskActor(context: Readonly<RouterContextProvider>): Promise<DeskActor> {
  const actor = await deskActorOf(requireUser(context));
  if (!actor) throw data("Not Found", { status: 404 });
  return actor;
}
