import { data, Link } from "react-router";
import { AdminUserSearch } from "~/components/chat/admin-user-search";
import { Conversation } from "~/components/chat/conversation";
import { RouteErrorContent } from "~/components/layout/error-pages";
import { isAdmin } from "~/lib/accounts";
import { requireUser } from "~/lib/guards";
import { useInboxState } from "~/lib/inbox-store";
import { pageMeta } from "~/lib/meta";
import { pairIdFor } from "~/lib/pair-id";
import { chatWith, PATHS } from "~/lib/routes";
import { formatMessageTime } from "~/lib/time-format";
import { findPublicUser } from "../../../worker/accounts/find-user";
import { listConversations, presenceOf } from "../../../worker/inbox/read-inbox";
import type { Route } from "./+types/chat-screen";

/** The spec's chat-screen texts (section 2); the conversation's own are in its component. */
export const CHAT_TEXTS = {
  noConversations: "No conversations yet",
  waitForMessages: "Wait for users to message you",
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
  const conversations = await listConversations(user.id);
  if (!params.userId) {
    return { me, contact: null, presence: null, pairId: null, conversations, isAdmin: isAdmin(user) };
  }
  if (params.userId === user.id) throw data("You cannot start a conversation with yourself.", { status: 400 });
  const contact = await findPublicUser(params.userId);
  if (!contact) throw data("We couldn't find that person. The link may be old or mistyped.", { status: 404 });
  const presence = await presenceOf(contact.id);
  return { me, contact, presence, pairId: pairIdFor(user.id, contact.id), conversations, isAdmin: isAdmin(user) };
}

export default function ChatScreen({ loaderData }: Route.ComponentProps) {
  const { me, contact, presence, pairId, isAdmin } = loaderData;
  // Live from the inbox socket once it has spoken; the loader's list until then.
  const conversations = useInboxState()?.chats ?? loaderData.conversations;
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
                className="mb-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 md:hidden"
              >
                <span aria-hidden="true">←</span> Back to chats
              </Link>
              <Conversation key={pairId} me={me} contact={contact} pairId={pairId} presence={presence} />
            </>
          ) : (
            <p className="text-center text-slate-600">Choose a conversation to read it here.</p>
          )}
        </div>
      </div>
    </section>
  );
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
