import { useMemo } from "react";
import { data, Link, redirect, useActionData } from "react-router";
import { Conversation } from "~/components/chat/conversation";
import { DeskToolsAfterPage } from "~/components/deferred";
import { DeskAnnouncer } from "~/components/desk/desk-announcer";
import type { DeskIntent, DeskToolAnswer } from "~/components/desk/desk-tools";
import { HeldAnnouncer } from "~/components/desk/held-announcer";
import { HeldList } from "~/components/desk/held-list";
import { SavedRepliesMenu } from "~/components/desk/saved-replies-menu";
import { SoundSwitch } from "~/components/desk/sound-switch";
import { WHISPER_INTENT, WhisperArrived, WhisperForm } from "~/components/desk/whisper-form";
import { Alert } from "~/components/ui/form-controls";
import { useDeskSocket } from "~/hooks/use-desk-socket";
import { useHeldList } from "~/hooks/use-held-list";
import { useNow } from "~/hooks/use-now";
import { OthersCrisisHelp } from "~/lib/crisis-help";
import { requireUser } from "~/lib/guards";
import { pageMeta } from "~/lib/meta";
import { isAdmin } from "~/shared/accounts";
import { newFormToken, SEND_INTENT } from "~/shared/conversation-page";
import { withCrisisLine } from "~/shared/crisis-help";
import {
  answeredOn,
  DESK_PAGE_TEXTS,
  DESK_TEXTS,
  MAX_DESK_NOTE,
  visitorCountryOn,
  visitorLanguageOn,
} from "~/shared/desk";
import { repliesForConversation, SAVED_REPLY_PARAM } from "~/shared/desk-operations";
import { heldEntries, titleWithCount, waitingForReply } from "~/shared/held-conversations";
import { languageOf } from "~/shared/languages";
import { deskConversationPath, PATHS } from "~/shared/routes";
import { SOCKET_PATHS } from "~/shared/socket-protocol";
import { postedWrapUp } from "~/shared/wrap-up-form";
import { loadConversationPage, readPostedForm, sendComposerForm } from "~worker/chat/conversation-page";
import { crisisHelpFor } from "~worker/crisis-help/country-help";
import { addPrivateNote, openDeskConversation, sendWhisper } from "~worker/desk/desk-conversation";
import { listSavedReplies } from "~worker/desk/saved-replies";
import { checkWrapUp, listWrapUpTopics } from "~worker/desk/wrap-up-topics";
import { supportDesk } from "~worker/objects/desk-service";
import { userInbox } from "~worker/objects/inbox-service";
import type { Route } from "./+types/desk-conversation";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  // Counted from the first paint (and without scripts); the page keeps it live.
  const waiting = waitingForReply(heldEntries(loaderData?.view.desk.mine ?? [], loaderData?.held ?? []));
  const title = titleWithCount(DESK_TEXTS.title, waiting);
  return [
    ...pageMeta({ matches, pathname: location.pathname, title, description: DESK_TEXTS.title }),
    { name: "robots", content: "noindex" },
  ];
}

/** Anyone but its listener, a listener while it waits in line, or the admin gets the not-found page. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context);
  const view = await openDeskConversation(user, params.visitorId);
  if (!view) throw data("Not Found", { status: 404 });
  // On the support account's side: the listener's.
  const conversation = await loadConversationPage(
    { pairId: view.pairId, speakerId: view.supportId, accountId: user.id, closed: false, visitor: false },
    request,
  );
  // Saved replies only for the listener who holds it, never a queued or the admin's read-only view.
  const [replies, topics, held] = await Promise.all([
    view.access === "assigned" ? listSavedReplies() : [],
    view.access === "queued" ? [] : listWrapUpTopics(),
    userInbox(user.id).heldConversations(),
  ]);
  // Filled in here, so the listener reads what will be sent before sending it.
  const visitorCountry = visitorCountryOn(view.desk, view.pairId);
  const visitorHelp = crisisHelpFor(visitorCountry?.code ?? null);
  const language = languageOf(visitorLanguageOn(view.desk, view.pairId)?.code);
  const savedReplies = repliesForConversation(replies, language).map((reply) => ({
    ...reply,
    text: withCrisisLine(reply.text, visitorHelp, reply.language),
  }));
  const chosen = new URL(request.url).searchParams.get(SAVED_REPLY_PARAM);
  const composerText = savedReplies.find((reply) => String(reply.id) === chosen)?.text ?? "";
  return {
    view,
    meId: user.id,
    conversation,
    formToken: newFormToken(),
    savedReplies,
    topics: topics.map((topic) => topic.name),
    composerText,
    language,
    visitorCountry,
    visitorHelp,
    held,
  };
}

const accepted = (intent: DeskIntent): DeskToolAnswer => ({ intent, refusal: null, typed: {} });
const refused = (intent: DeskIntent, refusal: string, typed: DeskToolAnswer["typed"] = {}) =>
  data<DeskToolAnswer>({ intent, refusal, typed }, { status: 409 });

/** The desk's services check every one again; the room checks a composer post as it does a socket's send. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const view = await openDeskConversation(user, params.visitorId);
  if (!view) throw data("Not Found", { status: 404 });
  const form = await readPostedForm(request);
  const intent = form.get("intent");
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
  if (intent === WHISPER_INTENT) {
    const text = String(form.get("text") ?? "");
    const sent = await sendWhisper(user, view.visitor.id, text);
    const at = Date.now();
    if ("refusal" in sent) return data({ whisper: { ok: false, message: sent.refusal, text, at } }, { status: 409 });
    return { whisper: { ok: true, message: null, text: "", at } };
  }
  if (intent === "return") {
    if (view.access === "queued") return refused(intent, DESK_TEXTS.notAssigned);
    const returned = await supportDesk().returnToLine(view.pairId, actor);
    if ("refusal" in returned) return refused(intent, returned.refusal);
    throw redirect(PATHS.desk);
  }
  if (intent === "resolve") {
    const posted = postedWrapUp(form);
    const typed = { topics: posted.topics, risk: posted.riskDiscussed };
    if (view.access === "queued") return refused(intent, DESK_TEXTS.notAssigned, typed);
    // Said before anything about the wrap-up.
    if (!view.answered) return refused(intent, DESK_TEXTS.notAnswered, typed);
    const checked = await checkWrapUp(posted);
    if ("problems" in checked) {
      const refusal = checked.problems.topics ?? checked.problems.riskDiscussed ?? null;
      return data<DeskToolAnswer>({ intent, refusal, typed, problems: checked.problems }, { status: 400 });
    }
    const resolved = await supportDesk().resolve(view.pairId, actor, checked.wrapUp);
    if ("refusal" in resolved) return refused(intent, resolved.refusal, typed);
    throw redirect(PATHS.desk);
  }
  return data({ refusal: DESK_PAGE_TEXTS.unknownAction }, { status: 400 });
}

export default function DeskConversationScreen({ loaderData }: Route.ComponentProps) {
  const { view, meId, conversation, formToken, savedReplies, topics, composerText, language, visitorHelp } = loaderData;
  const answer = useActionData<typeof action>();
  const answered = answer && "intent" in answer ? answer : null;
  const whispered = answer && "whisper" in answer ? answer.whisper : null;
  const composerRefusal = answer && "send" in answer ? answer.send : null;
  const otherRefusal = answer && "refusal" in answer && !answered ? answer.refusal : null;
  // Its socket proves the listener is there.
  const { desk, whispers } = useDeskSocket(view.desk);
  const held = useHeldList(desk.mine, loaderData.held);
  const now = useNow();
  // Naming the visitor when it is about another conversation.
  const whisper = whispers.at(-1) ?? null;
  const whisperAbout =
    whisper && whisper.pairId !== view.pairId
      ? (held.find((entry) => entry.pairId === whisper.pairId)?.visitorName ?? null)
      : null;
  const liveWhispers = useMemo(
    () => whispers.filter((whisper) => whisper.pairId === view.pairId).map((whisper) => whisper.note),
    [whispers, view.pairId],
  );
  const notes = useMemo(() => {
    const loaded = new Set(view.notes.map((note) => note.id));
    return [...view.notes, ...liveWhispers.filter((note) => !loaded.has(note.id))];
  }, [view.notes, liveWhispers]);
  const holder = view.access === "admin" ? desk.all?.find((c) => c.pairId === view.pairId)?.listener : null;
  const others = useMemo(
    () => desk.listeners.filter((listener) => listener.available && listener.id !== meId),
    [desk.listeners, meId],
  );
  // The desk tells its pages of the first reply as it hears of it.
  const replied = answeredOn(desk, view.pairId);
  return (
    <section className="mx-auto max-w-6xl px-3 py-4 sm:px-4 sm:py-8">
      <Link
        to={PATHS.desk}
        className="-ml-1 inline-flex min-h-8 items-center gap-1 rounded px-1 text-sm font-semibold text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span aria-hidden="true">←</span> {DESK_PAGE_TEXTS.backToDesk}
      </Link>
      <DeskAnnouncer desk={desk} />
      <HeldAnnouncer entries={held} viewing={view.pairId} />
      <WhisperArrived text={whisper?.note.text ?? null} about={whisperAbout} />
      {/* On a phone the conversation needs the room; the heading stays for screen readers. */}
      <h1 className="mt-1 text-xl font-bold text-slate-900 [overflow-wrap:anywhere] sr-only md:not-sr-only">
        {DESK_PAGE_TEXTS.conversationWith(view.visitor.username)}
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        <span>{DESK_PAGE_TEXTS.visitorCountry(visitorCountryOn(desk, view.pairId)?.name ?? null)}</span>
        <span aria-hidden="true"> · </span>
        {/* A sentence of its own for a screen reader. */}
        <span className="sr-only">. </span>
        <span>{DESK_PAGE_TEXTS.visitorLanguage(visitorLanguageOn(desk, view.pairId)?.name ?? null)}</span>
      </p>
      {otherRefusal ? (
        <div className="mt-3">
          <Alert>{otherRefusal}</Alert>
        </div>
      ) : null}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-6">
          {/* The listener writes as the support account: its messages are this side's. The crisis
              numbers it offers to share are the visitor's country's. */}
          <OthersCrisisHelp value={visitorHelp}>
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
              composerText={composerText}
              composerTools={
                view.access === "assigned"
                  ? (insert) => (
                      <SavedRepliesMenu
                        replies={savedReplies}
                        language={language}
                        pagePath={deskConversationPath(view.visitor.id)}
                        onInsert={insert}
                      />
                    )
                  : undefined
              }
            />
          </OthersCrisisHelp>
        </div>
        <aside aria-label={DESK_TEXTS.title} className="min-w-0 space-y-6">
          {held.length > 0 ? (
            <nav aria-labelledby="desk-yours" className="rounded-xl border border-slate-200 p-3 sm:p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 id="desk-yours" className="text-lg font-semibold text-slate-900">
                  {DESK_PAGE_TEXTS.yourConversations}
                </h2>
                <SoundSwitch />
              </div>
              <HeldList entries={held} now={now} compact viewing={view.pairId} />
            </nav>
          ) : null}
          {holder ? <WhisperForm listenerName={holder.name} answer={whispered} /> : null}
          <DeskToolsAfterPage
            access={view.access}
            listeners={others}
            language={language}
            notes={notes}
            topics={topics}
            replied={replied}
            answered={answered}
          />
        </aside>
      </div>
    </section>
  );
}

/** One short line, so the messages keep their room on a phone. */
function LockedNotice({ children }: { children: string }) {
  return <p className="rounded-lg bg-brand-50 px-3 py-1.5 text-xs text-brand-900 ring-1 ring-brand-200">{children}</p>;
}

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
