import { Suspense, useCallback, useState } from "react";
import { createContext, data, Link, useActionData } from "react-router";
import { AdminUserSearch } from "~/components/chat/admin-user-search";
import { Conversation } from "~/components/chat/conversation";
import { ReportDialog } from "~/components/deferred";
import { RouteErrorContent } from "~/components/layout/error-pages";
import { BlockFailure, SafetyStatus } from "~/components/safety/block-controls";
import { ContactMenu } from "~/components/safety/contact-menu";
import { LocalTime } from "~/components/ui/local-time";
import { userContext } from "~/context";
import { requireUser } from "~/lib/guards";
import { useInboxState } from "~/lib/inbox-store";
import { pageMeta } from "~/lib/meta";
import { usePublicConfig } from "~/lib/public-config";
import { m } from "~/paraglide/messages";
import { isAdmin, type SignedInUser } from "~/shared/accounts";
import { COMPOSER_FIELDS, newFormToken, SEND_INTENT } from "~/shared/conversation-page";
import { pairIdFor } from "~/shared/pair-id";
import { chatWith, PATHS } from "~/shared/routes";
import { BLOCK_TEXTS } from "~/shared/safety";
import { findPublicUser, type PublicUser } from "~worker/accounts/find-user";
import { loadConversationPage, readPostedForm, sendComposerForm } from "~worker/chat/conversation-page";
import { getConfig } from "~worker/config";
import { requestCountry } from "~worker/crisis-help/visitor-help";
import { isVisitorDeskIntent, visitorDeskForm } from "~worker/desk/visitor-desk-forms";
import { isOwnDocumentView } from "~worker/http/document-request";
import { requestLanguage } from "~worker/i18n/visitor-language";
import { userInbox } from "~worker/objects/inbox-service";
import { blockStateBetween } from "~worker/safety/blocks";
import { safetyFormAction } from "~worker/safety/safety-form-post";
import type { Route } from "./+types/chat-screen";

/** Spec section 2; the conversation's own are in its component. */
const CHAT_TEXTS = {
  get noConversations() {
    return m.chat_no_conversations();
  },
  get waitForMessages() {
    return m.chat_wait_for_messages();
  },
  /** So a new member is not left at a dead end. */
  get findPeople() {
    return m.chat_find_people();
  },
  get talkToSupport() {
    return m.chat_talk_to_support();
  },
};

export function meta({ matches, location }: Route.MetaArgs) {
  return [
    ...pageMeta({
      matches,
      pathname: location.pathname,
      title: m.chat_title(),
      description: m.chat_description(),
    }),
    { name: "robots", content: "noindex" },
  ];
}

async function conversationContact(meId: string, userId: string) {
  if (userId === meId) throw data(m.chat_not_yourself(), { status: 400 });
  const contact = await findPublicUser(userId);
  if (!contact) throw data(BLOCK_TEXTS.unknownPerson, { status: 404 });
  return contact;
}

async function openConversation(user: SignedInUser, contact: PublicUser, request: Request) {
  const block = await blockStateBetween(user.id, contact.id);
  const pairId = pairIdFor(user.id, contact.id);
  const view = await loadConversationPage(
    {
      pairId,
      speakerId: user.id,
      accountId: user.id,
      closed: block !== "none",
      visitor: contact.id === getConfig().public.supportUserId,
    },
    request,
  );
  return { contact, block, pairId, view };
}

const viewedConversation = createContext<Awaited<ReturnType<typeof openConversation>> | null>(null);

/**
 * Done before the loaders, so the header's unread count already counts it read
 * (docs/decisions/071-a-persons-own-view-of-a-conversation-reads-it.md). The loader reports bad addresses.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const user = context.get(userContext);
    if (user && params.userId && params.userId !== user.id && isOwnDocumentView(request)) {
      const contact = await findPublicUser(params.userId);
      if (contact) context.set(viewedConversation, await openConversation(user, contact, request));
    }
    return next();
  },
];

/** Renders the newest messages: read without scripts, and where the live page starts from with them. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = requireUser(context);
  const me = { id: user.id };
  const admin = isAdmin(user);
  const conversations = await userInbox(user.id).list();
  if (!params.userId) {
    return {
      me,
      contact: null,
      presence: null,
      pairId: null,
      conversations,
      isAdmin: admin,
      block: "none" as const,
      view: null,
      formToken: null,
    };
  }
  const { contact, block, pairId, view } =
    context.get(viewedConversation) ??
    (await openConversation(user, await conversationContact(user.id, params.userId), request));
  // Someone who blocked this person shows them nothing of their presence.
  const presence = block === "none" ? await userInbox(contact.id).presence() : null;
  return {
    me,
    contact: { id: contact.id, username: contact.username, canBlock: contact.id !== getConfig().public.supportUserId },
    presence,
    pairId,
    conversations,
    isAdmin: admin,
    block,
    view,
    // The room keeps one message per token.
    formToken: newFormToken(),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await readPostedForm(request);
  const intent = form.get(COMPOSER_FIELDS.intent);
  if (isVisitorDeskIntent(intent)) {
    const { answer, status } = await visitorDeskForm(user, params.userId ?? "", intent, form);
    return data({ visitorDesk: answer }, { status });
  }
  if (intent !== SEND_INTENT) return safetyFormAction(user.id, params.userId, form);
  const contact = await conversationContact(user.id, params.userId ?? "");
  const pairId = pairIdFor(user.id, contact.id);
  const block = await blockStateBetween(user.id, contact.id);
  // Only the support conversation's visitor's country and language go anywhere: to the desk.
  const support = contact.id === getConfig().public.supportUserId;
  const country = support ? await requestCountry(request, user.id) : null;
  const language = support ? await requestLanguage(request, user.id) : null;
  return sendComposerForm(
    { pairId, userId: user.id, userName: user.username, closed: block !== "none", country, language },
    form,
    chatWith(contact.id),
  );
}

export default function ChatScreen({ loaderData }: Route.ComponentProps) {
  const { me, contact, presence, pairId, isAdmin, block, view, formToken } = loaderData;
  const report = useMessageReport();
  const answered = useActionData<typeof action>();
  const answer = answered && "safety" in answered ? answered.safety : undefined;
  const refusal = answered && "send" in answered ? answered.send : null;
  const conversations = useInboxState()?.chats ?? loaderData.conversations;
  const { supportUserId } = usePublicConfig();
  return (
    <section className="mx-auto max-w-5xl px-3 py-4 sm:px-4 sm:py-8">
      {/* On a phone an open conversation needs the room: the heading stays for screen readers. */}
      <h1 className={`text-2xl font-bold text-slate-900 ${contact ? "sr-only md:not-sr-only" : ""}`}>
        {m.chat_title()}
      </h1>
      <div className={`grid gap-6 md:mt-6 md:grid-cols-[18rem_minmax(0,1fr)] ${contact ? "" : "mt-4"}`}>
        {/* Spec section 2: below 768 px the list and the conversation alternate. */}
        <div className={`min-w-0 rounded-xl border border-slate-200 p-2 ${contact ? "hidden md:block" : ""}`}>
          {isAdmin ? <AdminUserSearch /> : null}
          <nav aria-label={m.chat_recent()} className="pt-1">
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
                          {chat.contactName || m.chat_someone()}
                        </span>
                        <span className="shrink-0 text-xs text-slate-600">
                          <LocalTime timestamp={chat.lastMessageTime} />
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
                            {m.chat_new()}
                            <span className="sr-only">{m.chat_new_context()}</span>
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
          {contact && pairId && view && formToken ? (
            <>
              <Link
                to={PATHS.chat}
                // WCAG 2.2, 2.5.8.
                className="-ml-1 mb-2 inline-flex min-h-8 items-center gap-1 rounded px-1 text-sm font-semibold text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700 md:hidden"
              >
                <span aria-hidden="true">←</span> {m.chat_back_to_chats()}
              </Link>
              {answer && !answer.ok && answer.intent !== "report" ? (
                <div className="mb-3">
                  <BlockFailure message={answer.message} />
                </div>
              ) : null}
              <SafetyStatus
                message={answer?.ok && answer.intent === "unblock" ? BLOCK_TEXTS.unblocked(answer.username) : null}
              />
              <Conversation
                key={pairId}
                me={me}
                contact={contact}
                pairId={pairId}
                presence={presence}
                block={block}
                headerActions={
                  contact.canBlock && block === "none" ? <ContactMenu username={contact.username} /> : null
                }
                onReport={report.open}
                initial={view}
                form={{ path: chatWith(contact.id), token: formToken }}
                refusal={refusal}
                visitorDeskAnswer={answered && "visitorDesk" in answered ? answered.visitorDesk : null}
              />
              {report.seq !== null ? (
                // Outside the conversation, so its confirmation stays when 'also block' closes it.
                <Suspense fallback={null}>
                  <ReportDialog
                    key={report.key}
                    ref={report.showOnMount}
                    id={`report-${pairId}`}
                    username={contact.username}
                    subject="message"
                    seq={report.seq}
                    canAlsoBlock={contact.canBlock && block === "none"}
                  />
                </Suspense>
              ) : null}
            </>
          ) : (
            <p className="text-center text-slate-600">{m.chat_choose_conversation()}</p>
          )}
        </div>
      </div>
    </section>
  );
}

const onwardLinkClass =
  "inline-flex min-h-8 items-center text-brand-700 underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-brand-700";

/** A fresh key each time; it shows as it mounts, perhaps a moment after the click while its code arrives. */
function useMessageReport() {
  const [target, setTarget] = useState<{ seq: number; key: number } | null>(null);
  const showOnMount = useCallback((dialog: HTMLDialogElement | null) => {
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  // Stable, so the messages it is handed to need not render again.
  const open = useCallback((seq: number) => setTarget((current) => ({ seq, key: (current?.key ?? 0) + 1 })), []);
  return { seq: target?.seq ?? null, key: target?.key ?? 0, showOnMount, open };
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorContent
      error={error}
      title={m.chat_unavailable_title()}
      fallback={m.chat_unavailable_fallback()}
      link={{ to: PATHS.chat, label: m.chat_back_to_messages() }}
    />
  );
}
