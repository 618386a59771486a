import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { Conversation } from "~/components/chat/conversation";
import { DeskAnnouncer } from "~/components/desk/desk-announcer";
import { ignoreWhileBusy } from "~/components/safety/block-controls";
import { dialogButtonClass } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/form-controls";
import { LocalTime } from "~/components/ui/local-time";
import { useDeskSocket } from "~/hooks/use-desk-socket";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { isAdmin } from "~/shared/accounts";
import { newFormToken, SEND_INTENT } from "~/shared/conversation-page";
import { DESK_PAGE_TEXTS, DESK_TEXTS, type DeskListener, type DeskNote, MAX_DESK_NOTE } from "~/shared/desk";
import { deskConversationPath, PATHS } from "~/shared/routes";
import { SOCKET_PATHS } from "~/shared/socket-protocol";
import { loadConversationPage, readPostedForm, sendComposerForm } from "~worker/chat/conversation-page";
import { addPrivateNote, openDeskConversation } from "~worker/desk/desk-conversation";
import { supportDesk } from "~worker/objects/desk-service";
import type { Route } from "./+types/desk-conversation";

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, pathname: location.pathname, title: DESK_TEXTS.title, description: DESK_TEXTS.title }),
    { name: "robots", content: "noindex" },
  ];
}

/**
 * /desk/{visitorId}: a support conversation on the desk, for the listener who has it, any
 * listener while it waits in line, and the admin. Anyone else, and an unknown visitor, gets the
 * not-found page; a signed-out visitor goes to sign in.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context);
  const view = await openDeskConversation(user, params.visitorId);
  if (!view) throw data("Not Found", { status: 404 });
  // The history renders with the page, on the support account's side: the listener's.
  const conversation = await loadConversationPage(
    { pairId: view.pairId, speakerId: view.supportId, accountId: user.id, closed: false, visitor: false },
    request,
  );
  return { view, meId: user.id, conversation, formToken: newFormToken() };
}

type Intent = "take" | "transfer" | "note" | "resolve";
/** What an action answers: a refusal with what was typed, so the form shows both. */
type ActionAnswer = { intent: Intent; refusal: string | null; typed: { to?: string; note?: string; text?: string } };
const accepted = (intent: Intent): ActionAnswer => ({ intent, refusal: null, typed: {} });
const refused = (intent: Intent, refusal: string, typed: ActionAnswer["typed"] = {}) =>
  data<ActionAnswer>({ intent, refusal, typed }, { status: 409 });

/**
 * Take, Transfer, Private note and Mark resolved; the desk's services check every one again. And
 * the composer posted as a form: the listener writes as the support account, only in a
 * conversation the desk gave them (the room checks that again, as it does a socket's send).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const view = await openDeskConversation(user, params.visitorId);
  if (!view) throw data("Not Found", { status: 404 });
  const form = await readPostedForm(request);
  const intent = form.get("intent");
  // openDeskConversation found them on the desk: a listener, or the admin.
  const actor = { id: user.id, name: user.username, admin: isAdmin(user) };
  if (intent === SEND_INTENT) {
    return sendComposerForm(
      {
        pairId: view.pairId,
        userId: user.id,
        userName: view.supportName,
        desk: { role: actor.admin ? "admin" : "listener", access: view.access },
        closed: false,
      },
      form,
      deskConversationPath(view.visitor.id),
    );
  }
  if (intent === "take") {
    const taken = await supportDesk().take(view.pairId, actor);
    if ("refusal" in taken) return refused(intent, taken.refusal);
    return accepted(intent);
  }
  if (intent === "transfer") {
    const to = String(form.get("to") ?? "");
    const note = String(form.get("note") ?? "");
    if (!to) return refused(intent, DESK_PAGE_TEXTS.chooseListenerFirst, { to, note });
    if (note.trim().length > MAX_DESK_NOTE) return refused(intent, DESK_TEXTS.noteTooLong, { to, note });
    const moved = await supportDesk().transfer(view.pairId, actor, to, note.trim() || null);
    if ("refusal" in moved) return refused(intent, moved.refusal, { to, note });
    throw redirect(PATHS.desk);
  }
  if (intent === "note") {
    const text = String(form.get("text") ?? "");
    const added = await addPrivateNote(user, view.visitor.id, text);
    if ("refusal" in added) return refused(intent, added.refusal, { text });
    return accepted(intent);
  }
  if (intent === "resolve") {
    const resolved = await supportDesk().resolve(view.pairId, actor);
    if ("refusal" in resolved) return refused(intent, resolved.refusal);
    throw redirect(PATHS.desk);
  }
  return data({ refusal: DESK_PAGE_TEXTS.unknownAction }, { status: 400 });
}

export default function DeskConversationScreen({ loaderData }: Route.ComponentProps) {
  const { view, meId, conversation, formToken } = loaderData;
  const answer = useActionData<typeof action>();
  const answered = answer && "intent" in answer ? answer : null;
  const composerRefusal = answer && "send" in answer ? answer.send : null;
  const otherRefusal = answer && "refusal" in answer && !answered ? answer.refusal : null;
  const refusalFor = (intent: Intent) => (answered?.intent === intent ? answered.refusal : null);
  // This page is a desk page too: its socket proves the listener is there, and keeps the desk live.
  const { desk } = useDeskSocket(view.desk);
  const others = desk.listeners.filter((listener) => listener.available && listener.id !== meId);
  return (
    <section className="mx-auto max-w-6xl px-3 py-4 sm:px-4 sm:py-8">
      <Link
        to={PATHS.desk}
        className="-ml-1 inline-flex min-h-8 items-center gap-1 rounded px-1 text-sm font-semibold text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span aria-hidden="true">←</span> {DESK_PAGE_TEXTS.backToDesk}
      </Link>
      <DeskAnnouncer desk={desk} />
      {/* On a phone the conversation needs the room; its header names the visitor, the heading stays for screen readers. */}
      <h1 className="mt-1 text-xl font-bold text-slate-900 [overflow-wrap:anywhere] sr-only md:not-sr-only">
        {DESK_PAGE_TEXTS.conversationWith(view.visitor.username)}
      </h1>
      {otherRefusal ? (
        <div className="mt-3">
          <Alert>{otherRefusal}</Alert>
        </div>
      ) : null}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-6">
          {/* The listener writes as the support account: its messages are this side's. */}
          <Conversation
            key={view.pairId}
            me={{ id: view.supportId }}
            contact={{ id: view.visitor.id, username: view.visitor.username }}
            pairId={view.pairId}
            presence={null}
            profileLink={false}
            socketPath={SOCKET_PATHS.deskConversation(view.visitor.id)}
            lockedNotice={
              view.access === "queued" ? (
                <LockedNotice>{DESK_PAGE_TEXTS.queuedNotice}</LockedNotice>
              ) : view.access === "admin" ? (
                <LockedNotice>{DESK_PAGE_TEXTS.adminNotice}</LockedNotice>
              ) : undefined
            }
            withdrawnNotice={<WithdrawnNotice />}
            initial={conversation}
            form={{ path: deskConversationPath(view.visitor.id), token: formToken }}
            refusal={composerRefusal}
          />
        </div>
        <aside aria-label={DESK_TEXTS.title} className="min-w-0 space-y-6">
          {view.access === "queued" ? (
            <TakeForm refusal={refusalFor("take")} />
          ) : (
            <>
              <TransferForm
                listeners={others}
                refusal={refusalFor("transfer")}
                typed={answered?.intent === "transfer" ? answered.typed : {}}
              />
              <ResolveForm refusal={refusalFor("resolve")} />
            </>
          )}
          <PrivateNotes
            notes={view.notes}
            canWrite={view.access !== "queued"}
            refusal={refusalFor("note")}
            typed={answered?.intent === "note" ? (answered.typed.text ?? "") : ""}
            added={answered?.intent === "note" && answered.refusal === null}
          />
        </aside>
      </div>
    </section>
  );
}

/** Why the composer is read-only here: one short line, so the messages keep their room on a phone. */
function LockedNotice({ children }: { children: string }) {
  return <p className="rounded-lg bg-brand-50 px-3 py-1.5 text-xs text-brand-900 ring-1 ring-brand-200">{children}</p>;
}

/** The room closed this listener's socket: the conversation went to someone else, or was resolved. */
function WithdrawnNotice() {
  return (
    <p className="rounded-lg bg-brand-50 px-3 py-1.5 text-xs text-brand-900 ring-1 ring-brand-200">
      {DESK_PAGE_TEXTS.withdrawn}{" "}
      <Link
        to={PATHS.desk}
        className="inline-flex min-h-6 items-center font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {DESK_PAGE_TEXTS.backToDesk}
      </Link>
    </p>
  );
}

/** The form's busy state: pressed once, a second press is not sent again. */
function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.formData?.get("intent") === intent;
}

function TakeForm({ refusal }: { refusal: string | null }) {
  const busy = useBusy("take");
  return (
    <Form method="post" onSubmit={ignoreWhileBusy(busy)} className="space-y-3">
      <button type="submit" name="intent" value="take" aria-disabled={busy} className={dialogButtonClass.primary}>
        {DESK_TEXTS.take}
      </button>
      {refusal ? <Alert>{refusal}</Alert> : null}
    </Form>
  );
}

function TransferForm({
  listeners,
  refusal,
  typed,
}: {
  listeners: DeskListener[];
  refusal: string | null;
  typed: { to?: string; note?: string };
}) {
  const busy = useBusy("transfer");
  return (
    <Form
      method="post"
      onSubmit={ignoreWhileBusy(busy)}
      aria-labelledby="desk-transfer"
      className="space-y-3 rounded-xl border border-slate-200 p-3 sm:p-4"
    >
      <h2 id="desk-transfer" className="text-lg font-semibold text-slate-900">
        {DESK_TEXTS.transfer}
      </h2>
      {listeners.length === 0 ? <p className="text-sm text-slate-600">{DESK_PAGE_TEXTS.nobodyToTransferTo}</p> : null}
      <div>
        <label htmlFor="desk-transfer-to" className="mb-1 block text-sm font-medium text-slate-800">
          {DESK_PAGE_TEXTS.transferTo}
        </label>
        <select
          id="desk-transfer-to"
          name="to"
          defaultValue={typed.to ?? ""}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        >
          <option value="">{DESK_PAGE_TEXTS.chooseListener}</option>
          {listeners.map((listener) => (
            <option key={listener.id} value={listener.id}>
              {DESK_PAGE_TEXTS.listenerOption(listener.name, listener.active)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="desk-transfer-note" className="mb-1 block text-sm font-medium text-slate-800">
          {DESK_PAGE_TEXTS.transferNote}
        </label>
        <textarea
          id="desk-transfer-note"
          name="note"
          dir="auto"
          rows={3}
          defaultValue={typed.note ?? ""}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600"
        />
      </div>
      {refusal ? <Alert>{refusal}</Alert> : null}
      <button type="submit" name="intent" value="transfer" aria-disabled={busy} className={dialogButtonClass.secondary}>
        {DESK_TEXTS.transfer}
      </button>
    </Form>
  );
}

function ResolveForm({ refusal }: { refusal: string | null }) {
  const busy = useBusy("resolve");
  return (
    <Form method="post" onSubmit={ignoreWhileBusy(busy)} className="space-y-3">
      <button type="submit" name="intent" value="resolve" aria-disabled={busy} className={dialogButtonClass.secondary}>
        {DESK_TEXTS.markResolved}
      </button>
      {refusal ? <Alert>{refusal}</Alert> : null}
    </Form>
  );
}

/**
 * Private notes: kept with the conversation and shown only here, never to the visitor.
 * A note that was added empties the box; a refused one keeps its text beside the reason.
 */
function PrivateNotes({
  notes,
  canWrite,
  refusal,
  typed,
  added,
}: {
  notes: DeskNote[];
  canWrite: boolean;
  refusal: string | null;
  typed: string;
  added: boolean;
}) {
  const busy = useBusy("note");
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (added) formRef.current?.reset();
  }, [added]);
  return (
    <section aria-labelledby="desk-notes" className="space-y-3 rounded-xl border border-slate-200 p-3 sm:p-4">
      <h2 id="desk-notes" className="text-lg font-semibold text-slate-900">
        {DESK_PAGE_TEXTS.notes}
      </h2>
      <p className="text-sm text-slate-600">{DESK_TEXTS.notesOnlyHere}</p>
      {notes.length === 0 ? (
        <p className="text-sm text-slate-600">{DESK_PAGE_TEXTS.noNotes}</p>
      ) : (
        <ol className="space-y-2">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-amber-50 p-2.5 text-sm ring-1 ring-amber-200">
              <p className="text-xs text-slate-700">
                <span className="font-semibold">{DESK_PAGE_TEXTS.noteKinds[note.kind]}</span>
                {" · "}
                <span className="[overflow-wrap:anywhere]">{note.authorName}</span>
                {" · "}
                <LocalTime timestamp={note.createdAt} />
              </p>
              <p dir="auto" className="mt-1 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">
                {note.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      {canWrite ? (
        <Form ref={formRef} method="post" onSubmit={ignoreWhileBusy(busy)} className="space-y-2">
          <label htmlFor="desk-note-text" className="block text-sm font-medium text-slate-800">
            {DESK_TEXTS.privateNote}
          </label>
          <textarea
            id="desk-note-text"
            name="text"
            dir="auto"
            rows={3}
            defaultValue={typed}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? "desk-note-refusal" : undefined}
            className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600 aria-invalid:border-red-600"
          />
          {refusal ? (
            <div id="desk-note-refusal">
              <Alert>{refusal}</Alert>
            </div>
          ) : null}
          <button type="submit" name="intent" value="note" aria-disabled={busy} className={dialogButtonClass.secondary}>
            {DESK_PAGE_TEXTS.addNote}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
