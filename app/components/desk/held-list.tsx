import { Link } from "react-router";
import { formatWaited } from "~/lib/desk-page";
import { DESK_PAGE_TEXTS, DESK_TEXTS } from "~/shared/desk";
import type { HeldEntry } from "~/shared/held-conversations";
import { deskConversationPath } from "~/shared/routes";

const CHIP = "rounded-full px-2 py-0.5 text-xs font-semibold";

/** `compact`: beside a conversation's page, which `viewing` marks as the current one. */
export function HeldList({
  entries,
  now,
  compact = false,
  viewing = null,
}: {
  entries: HeldEntry[];
  now: number;
  compact?: boolean;
  viewing?: string | null;
}) {
  return (
    <ul className={compact ? "mt-2 space-y-1" : "mt-2 divide-y divide-slate-100"}>
      {entries.map((entry) => {
        const current = entry.pairId === viewing;
        return (
          <li
            key={entry.pairId}
            className={
              compact
                ? `min-w-0 rounded-lg px-2 py-1.5 ${current ? "bg-brand-50 ring-1 ring-brand-200" : ""}`
                : "min-w-0 py-2"
            }
          >
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <Link
                to={deskConversationPath(entry.visitorId)}
                aria-current={current ? "page" : undefined}
                className="inline-flex min-h-6 min-w-0 items-center rounded font-medium text-brand-800 underline underline-offset-2 [overflow-wrap:anywhere] hover:decoration-2 focus-visible:outline-2 focus-visible:outline-brand-700 aria-[current=page]:no-underline"
              >
                {entry.visitorName}
              </Link>
              {entry.crisis ? <span className={`${CHIP} bg-red-100 text-red-800`}>{DESK_TEXTS.crisisFlag}</span> : null}
              {!compact && entry.country ? (
                <span className={`${CHIP} bg-slate-100 font-medium text-slate-700`}>{entry.country.name}</span>
              ) : null}
              {!compact && entry.language ? (
                <span className={`${CHIP} bg-slate-100 font-medium text-slate-700`}>{entry.language.name}</span>
              ) : null}
              {entry.openedAt === null ? (
                <span className={`${CHIP} bg-amber-100 text-amber-900`}>{DESK_TEXTS.notOpened}</span>
              ) : null}
              {!compact && entry.openedAt !== null && !entry.answered ? (
                <span className={`${CHIP} bg-amber-100 text-amber-900`}>{DESK_TEXTS.noReplyYet}</span>
              ) : null}
            </div>
            <p className="mt-0.5 text-xs">
              {entry.waitingSince !== null ? (
                <span suppressHydrationWarning className="font-semibold text-amber-900">
                  {DESK_PAGE_TEXTS.waitingForYourReply(formatWaited(entry.waitingSince, now))}
                </span>
              ) : (
                <span suppressHydrationWarning className="text-slate-600">
                  {entry.visitorSeq > 0 ? DESK_PAGE_TEXTS.replied : assignedAgo(entry, now)}
                </span>
              )}
            </p>
            {entry.preview ? (
              <p dir="auto" className="truncate text-sm text-slate-700">
                {entry.preview}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function assignedAgo(entry: HeldEntry, now: number): string {
  return entry.assignedAt !== null ? DESK_PAGE_TEXTS.assignedAgo(formatWaited(entry.assignedAt, now)) : "";
}
