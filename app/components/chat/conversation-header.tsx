import type { ReactNode } from "react";
import { Link } from "react-router";
import { LocalTime } from "~/components/ui/local-time";
import { m } from "~/paraglide/messages";
import type { VisitorDeskStatus } from "~/shared/desk";
import { userProfilePath } from "~/shared/routes";
import type { Presence } from "~/shared/schemas/chat-protocol";
import { DeskHeadline } from "./desk-status-line";

/** This device's own connection is by the composer, where it cannot be read as the contact's. */
export function ConversationHeader({
  contact,
  profileLink,
  desk,
  presence,
  actions,
}: {
  contact: { id: string; username: string };
  profileLink: boolean;
  /** Undefined: not a support conversation. */
  desk: VisitorDeskStatus | null | undefined;
  /** Null: not shown, as in a conversation a block closed. */
  presence: Presence | null;
  actions?: ReactNode;
}) {
  return (
    <div className="flex items-start justify-between gap-3 border-b border-slate-200 pb-3">
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-2">
        <h2 className="min-w-0 truncate text-lg font-semibold text-slate-900">
          {profileLink ? (
            <Link
              to={userProfilePath(contact.id)}
              className="underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span className="sr-only">{m.chat_view_profile()}</span>
              {contact.username}
            </Link>
          ) : (
            contact.username
          )}
        </h2>
        {/* The support account is a desk, not a person: its header says whether a listener is there.
            A closed conversation shows no presence, either way
            (docs/decisions/091-the-blocked-person-is-told-neutrally.md). */}
        {desk !== undefined ? (
          <DeskHeadline status={desk} />
        ) : (
          <ContactPresence username={contact.username} presence={presence} />
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-2">{actions}</div>
    </div>
  );
}

function ContactPresence({ username, presence }: { username: string; presence: Presence | null }) {
  if (!presence) return null;
  return (
    <p className="text-xs text-slate-600" aria-live="polite">
      <span className="sr-only">{m.chat_presence_of({ username })}</span>
      {presence.online ? (
        <>
          <span aria-hidden="true" className="mr-1.5 inline-block h-2 w-2 rounded-full bg-emerald-500" />
          {m.chat_online()}
        </>
      ) : presence.lastSeen ? (
        <LocalTime timestamp={presence.lastSeen} prefix={m.chat_last_seen()} />
      ) : (
        m.chat_offline()
      )}
    </p>
  );
}
