import { useEffect, useRef, useState } from "react";
import { data, Link, useActionData } from "react-router";
import { AdminUserSearch } from "~/components/chat/admin-user-search";
import { Conversation } from "~/components/chat/conversation";
import { RouteErrorContent } from "~/components/layout/error-pages";
import { BlockButton, BlockFailure, SafetyStatus } from "~/components/safety/block-controls";
import { ReportDialog } from "~/components/safety/report-dialog";
import { requireUser } from "~/lib/guards";
import { useInboxState } from "~/lib/inbox-store";
import { pageMeta } from "~/lib/meta";
import { usePublicConfig } from "~/lib/public-config";
import { formatMessageTime } from "~/lib/time-format";
import { isAdmin } from "~/shared/accounts";
import { pairIdFor } from "~/shared/pair-id";
import { chatWith, PATHS } from "~/shared/routes";
import { BLOCK_TEXTS } from "~/shared/safety";
import { findPublicUser } from "~worker/accounts/find-user";
import { getConfig } from "~worker/config";
import { userInbox } from "~worker/inbox/inbox-service";
import { blockStateBetween } from "~worker/safety/blocks";
import { safetyAction } from "~worker/safety/safety-form-post";
import type { Route } from "./+types/chat-screen";

/** The spec's chat-screen texts (section 2); the conversation's own are in its component. */
const CHAT_TEXTS = {
  noConversations: "No conversations yet",
  waitForMessages: "Wait for users to message you",
  /** Ways on from an empty list, so a new member is not left at a dead end (issue 23). */
  findPeople: "Find Other Christians",
  talkToSupport: "Talk with our support team",
} as const;

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({ matches, pathname: location.pathname, title: "Messages", description: "Your conversations." }),
    { name: "robots", content: "noindex" },
  ];
}

/** /chat and /chat/{userId}: signed-out visitors go to /signup (checked here, on the server). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const me = { id: user.id };
  const conversations = await userInbox(user.id).list();
  const admin = isAdmin(user);
  if (!params.userId) {
    return { me, contact: null, presence: null, pairId: null, conversations, isAdmin: admin, block: "none" as const };
  }
  if (params.userId === user.id) throw data("You cannot start a conversation with yourself.", { status: 400 });
  const contact = await findPublicUser(params.userId);
  if (!contact) throw data(BLOCK_TEXTS.unknownPerson, { status: 404 });
  // Someone who blocked this person shows them nothing of their presence (issue 12).
  const block = await blockStateBetween(user.id, contact.id);
  const presence = block === "none" ? await userInbox(contact.id).presence() : null;
  const canBlock = contact.id !== getConfig().public.supportUserId;
  return {
    me,
    // Presence travels only in `presence` (above), never as the user row's isOnline.
    contact: { id: contact.id, username: contact.username, canBlock },
    presence,
    pairId: pairIdFor(user.id, contact.id),
    conversations,
    isAdmin: admin,
    block,
  };
}

/** Block, unblock and report the person this conversation is with (issue 12). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return safetyAction(requireUser(context).id, params.userId, request);
}

export default function ChatScreen({ loaderData }: Route.ComponentProps) {
  const { me, contact, presence, pairId, isAdmin, block } = loaderData;
  const report = useMessageReport();
  const answer = useActionData<typeof action>()?.safety;
  // Live from the inbox socket once it has spoken; the loader's list until then.
  const conversations = useInboxState()?.chats ?? loaderData.conversations;
  const { supportUserId } = usePublicConfig();
  return (
    <section className="mx-auto max-w-5xl px-3 py-4 sm:px-4 sm:py-8">
      {/* On a phone an open conversation needs the room: the heading stays for screen readers. */}
      <h1 className={`text-2xl font-bold text-slate-900 ${contact ? "sr-only md:not-sr-only" : ""}`}>Messages</h1>
      <div className={`grid gap-6 md:mt-6 md:grid-cols-[18rem_minmax(0,1fr)] ${contact ? "" : "mt-4"}`}>
        {/* Below 768 px the list and the conversation alternate (spec section 2). */}
        <div className={`min-w-0 rounded-xl border border-slate-200 p-2 ${contact ? "hidden md:block" : ""}`}>
          {isAdmin ? <AdminUserSearch /> : null}
          <nav aria-label="Recent chats" className="pt-1">
            {conversations.length === 0 ? (
              <div className="p-2">
                <p className="font-medium text-slate-900">{CHAT_TEXTS.noConversations}</p>
                {isAdmin ? null : <p className="mt-1 text-sm text-slate-600">{CHAT_TEXTS.waitForMessages}</p>}
                <ul className="mt-3 space-y-1 text-sm font-semibold">
                  <li>
                    <Link to={PATHS.users} className={onwardLinkClass}>
                      {CHAT_TEXTS.findPeople}
                    </Link>
                  </li>
                  {me.id === supportUserId ? null : (
                    <li>
                      <Link to={chatWith(supportUserId)} className={onwardLinkClass}>
                        {CHAT_TEXTS.talkToSupport}
                      </Link>
                    </li>
                  )}
                </ul>
              </div>
            ) : (
              <ul className="space-y-1">
                {conversations.map((chat) => (
                  <li key={chat.pairId}>
                    <Link
                      to={chatWith(chat.contactId)}
                      aria-current={chat.contactId === contact?.id ? "page" : undefined}
                      className="block rounded-lg px-3 py-2 hover:bg-brand-50 aria-[current=page]:bg-brand-50"
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span
                          className={`min-w-0 truncate ${chat.unread ? "font-bold text-slate-900" : "font-medium text-slate-800"}`}
                        >
                          {chat.contactName || "Someone"}
                        </span>
                        <span className="shrink-0 text-xs text-slate-600">
                          {formatMessageTime(chat.lastMessageTime)}
                        </span>
                      </span>
                      <span className="mt-0.5 flex items-start gap-2">
                        <span
                          dir="auto"
                          className="line-clamp-2 min-w-0 text-sm text-slate-600 [overflow-wrap:anywhere]"
                        >
                          {chat.lastMessage}
                        </span>
                        {chat.unread ? (
                          <span className="ml-auto shrink-0 rounded-full bg-red-600 px-1.5 text-xs font-bold text-white">
                            New<span className="sr-only"> unread messages</span>
                          </span>
                        ) : null}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </nav>
        </div>
        <div className={`min-w-0 rounded-xl border border-slate-200 p-3 sm:p-6 ${contact ? "" : "hidden md:block"}`}>
          {contact && pairId ? (
            <>
              <Link
                to={PATHS.chat}
                // A target of at least 24 × 24 px (WCAG 2.2, 2.5.8; issue 23).
                className="-ml-1 mb-2 inline-flex min-h-8 items-center gap-1 rounded px-1 text-sm font-semibold text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700 md:hidden"
              >
                <span aria-hidden="true">←</span> Back to chats
              </Link>
              {answer && !answer.ok && answer.intent !== "report" ? (
                <div className="mb-3">
                  <BlockFailure message={answer.message} />
                </div>
              ) : null}
              <SafetyStatus
                message={answer?.ok && answer.intent === "unblock" ? BLOCK_TEXTS.unblocked(answer.username) : null}
              />
              {/* A block keeps the conversation readable for both: only sending stops (issue 23). */}
              <Conversation
                key={pairId}
                me={me}
                contact={contact}
                pairId={pairId}
                presence={presence}
                block={block}
                headerActions={
                  contact.canBlock && block === "none" ? <BlockButton username={contact.username} /> : null
                }
                onReport={report.open}
              />
              {report.seq !== null ? (
                // Outside the conversation, so its confirmation stays when 'also block' closes it.
                <ReportDialog
                  key={report.key}
                  ref={report.dialogRef}
                  id={`report-${pairId}`}
                  username={contact.username}
                  subject="message"
                  seq={report.seq}
                  canAlsoBlock={contact.canBlock && block === "none"}
                />
              ) : null}
            </>
          ) : (
            <p className="text-center text-slate-600">Choose a conversation to read it here.</p>
          )}
        </div>
      </div>
    </section>
  );
}

const onwardLinkClass =
  "inline-flex min-h-8 items-center text-brand-700 underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-brand-700";

/** The report dialog of a received message: opened for one message at a time, fresh each time. */
function useMessageReport() {
  const [target, setTarget] = useState<{ seq: number; key: number } | null>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (target && !dialogRef.current?.open) dialogRef.current?.showModal();
  }, [target]);
  return {
    seq: target?.seq ?? null,
    key: target?.key ?? 0,
    dialogRef,
    open: (seq: number) => setTarget((current) => ({ seq, key: (current?.key ?? 0) + 1 })),
  };
}

/** An unknown contact or another bad link: a clear message in place of the conversation. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorContent
      error={error}
      title="Conversation not available"
      fallback="Something went wrong loading this conversation."
      link={{ to: PATHS.chat, label: "Back to your messages" }}
    />
  );
}
