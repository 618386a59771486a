import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { DeskAnnouncer } from "~/components/desk/desk-announcer";
import { HeldAnnouncer } from "~/components/desk/held-announcer";
import { HeldList } from "~/components/desk/held-list";
import { SoundSwitch } from "~/components/desk/sound-switch";
import { WhisperArrived } from "~/components/desk/whisper-form";
import { ignoreWhileBusy } from "~/components/safety/block-controls";
import { dialogButtonClass } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/form-controls";
import { type DeskConnection, useDeskSocket } from "~/hooks/use-desk-socket";
import { useHeldList } from "~/hooks/use-held-list";
import { useNow } from "~/hooks/use-now";
import { formatWaited } from "~/lib/desk-page";
import { pageMeta } from "~/lib/meta";
import { DESK_PAGE_TEXTS, DESK_TEXTS, type DeskConversation } from "~/shared/desk";
import { type HeldEntry, heldEntries, titleWithCount, waitingForReply } from "~/shared/held-conversations";
import { deskConversationPath } from "~/shared/routes";
import { setDeskAvailability } from "~worker/desk/desk-availability";
import { readPostedForm } from "~worker/http/posted-form";
import { supportDesk } from "~worker/objects/desk-service";
import { userInbox } from "~worker/objects/inbox-service";
import type { Route } from "./+types/desk-screen";
import { requireDeskActor } from "./desk-access";

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  // Counted from the first paint (and without scripts); the page keeps it live.
  const waiting = waitingForReply(heldEntries(loaderData?.desk.mine ?? [], loaderData?.held ?? []));
  const title = titleWithCount(DESK_TEXTS.title, waiting);
  return [
    ...pageMeta({ matches, pathname: location.pathname, title, description: DESK_TEXTS.title }),
    { name: "robots", content: "noindex" },
  ];
}

/** Live over the desk's socket and the listener's own inbox socket. */
export async function loader({ context }: Route.LoaderArgs) {
  const actor = await requireDeskActor(context);
  const [desk, held] = await Promise.all([
    supportDesk().snapshot(actor.id, actor.admin),
    userInbox(actor.id).heldConversations(),
  ]);
  return { desk, held };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireDeskActor(context);
  const intent = (await readPostedForm(request)).get("intent");
  if (intent === "available" || intent === "away") {
    // A request whose session ended meanwhile changes nothing.
    const set = await setDeskAvailability(request, actor, intent === "available");
    return set ? { refusal: null } : data({ refusal: DESK_PAGE_TEXTS.sessionEnded }, { status: 401 });
  }
  if (intent === "take-next") {
    const taken = await supportDesk().takeNext(actor);
    if ("refusal" in taken) return data({ refusal: taken.refusal }, { status: 409 });
    throw redirect(deskConversationPath(taken.visitorId));
  }
  return data({ refusal: DESK_PAGE_TEXTS.unknownAction }, { status: 400 });
}

export default function DeskScreen({ loaderData }: Route.ComponentProps) {
  const { desk, connection, whispers } = useDeskSocket(loaderData.desk);
  const held = useHeldList(desk.mine, loaderData.held);
  const refusal = useActionData<typeof action>()?.refusal ?? null;
  const now = useNow();
  const whisper = whispers.at(-1) ?? null;
  const whisperAbout = held.find((entry) => entry.pairId === whisper?.pairId)?.visitorName ?? null;
  const waitingMore = desk.waitingCount - desk.waiting.length;
  return (
    <section className="mx-auto max-w-5xl px-3 py-4 sm:px-4 sm:py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold text-slate-900">{DESK_TEXTS.title}</h1>
        <ConnectionState connection={connection} />
      </div>
      <DeskAnnouncer desk={desk} />
      <HeldAnnouncer entries={held} viewing={null} />
      <WhisperArrived text={whisper?.note.text ?? null} about={whisperAbout} />
      <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3 rounded-xl border border-slate-200 p-3 sm:p-4">
        <AvailabilitySwitch available={desk.me.available} />
        <p className="text-sm text-slate-700">{DESK_PAGE_TEXTS.capacity(desk.me.active, desk.me.capacity)}</p>
        <SoundSwitch />
        <TakeNextForm />
        <p className="w-full text-xs text-slate-600">{DESK_TEXTS.offeredWhileOpen}</p>
        {refusal ? (
          <div className="w-full">
            <Alert>{refusal}</Alert>
          </div>
        ) : null}
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <DeskList
          heading={DESK_TEXTS.waiting}
          empty={DESK_TEXTS.nothingWaiting}
          conversations={desk.waiting}
          now={now}
          footer={waitingMore > 0 ? DESK_PAGE_TEXTS.moreWaiting(waitingMore) : null}
        />
        <MineList entries={held} now={now} />
      </div>
      {desk.all ? (
        <div className="mt-6">
          <DeskList heading={DESK_TEXTS.all} empty={DESK_TEXTS.noneAtAll} conversations={desk.all} now={now} holder />
        </div>
      ) : null}
    </section>
  );
}

/** A press on its way already shows as chosen, and a second press is not sent again. */
function AvailabilitySwitch({ available }: { available: boolean }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get("intent");
  const shown = pending === "available" ? true : pending === "away" ? false : available;
  const busy = pending === "available" || pending === "away";
  return (
    <Form method="post" preventScrollReset onSubmit={ignoreWhileBusy(busy)}>
      {/* On a 320 px phone the label and its two buttons do not fit one row: the buttons wrap under
          it rather than reach the card's edge. */}
      <fieldset className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <legend className="sr-only">{DESK_PAGE_TEXTS.availability}</legend>
        <span aria-hidden="true" className="text-sm font-medium text-slate-800">
          {DESK_PAGE_TEXTS.availability}
        </span>
        <span className="inline-flex rounded-full bg-slate-100 p-1 ring-1 ring-slate-200">
          {(
            [
              ["available", DESK_TEXTS.available, shown],
              ["away", DESK_TEXTS.away, !shown],
            ] as const
          ).map(([intent, label, pressed]) => (
            <button
              key={intent}
              type="submit"
              name="intent"
              value={intent}
              aria-pressed={pressed}
              className="inline-flex min-h-9 items-center rounded-full px-3.5 text-sm font-semibold text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-pressed:bg-white aria-pressed:text-brand-800 aria-pressed:shadow-sm aria-pressed:ring-1 aria-pressed:ring-brand-300"
            >
              {intent === "available" ? (
                <span
                  aria-hidden="true"
                  className={`mr-1.5 inline-block h-2 w-2 rounded-full ${pressed ? "bg-emerald-500" : "bg-slate-400"}`}
                />
              ) : null}
              {label}
            </button>
          ))}
        </span>
      </fieldset>
    </Form>
  );
}

function TakeNextForm() {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "take-next";
  return (
    <Form method="post" className="sm:ml-auto" onSubmit={ignoreWhileBusy(busy)}>
      <button type="submit" name="intent" value="take-next" aria-disabled={busy} className={dialogButtonClass.primary}>
        {DESK_TEXTS.takeNext}
      </button>
    </Form>
  );
}

function DeskList({
  heading,
  empty,
  conversations,
  now,
  holder = false,
  footer = null,
}: {
  heading: string;
  empty: string;
  conversations: DeskConversation[];
  now: number;
  /** The admin's 'All'. */
  holder?: boolean;
  footer?: string | null;
}) {
  const headingId = `desk-${heading.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {heading} <span className="text-sm font-normal text-slate-600">({conversations.length})</span>
      </h2>
      {conversations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {conversations.map((conversation) => (
            <li key={conversation.pairId} className="flex flex-wrap items-center gap-x-2 gap-y-1 py-2">
              <Link
                to={deskConversationPath(conversation.visitorId)}
                className="inline-flex min-h-6 min-w-0 items-center rounded font-medium text-brand-800 underline underline-offset-2 [overflow-wrap:anywhere] hover:decoration-2 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                {conversation.visitorName}
              </Link>
              {conversation.crisis ? (
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                  {DESK_TEXTS.crisisFlag}
                </span>
              ) : null}
              {conversation.country ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  {conversation.country.name}
                </span>
              ) : null}
              {conversation.language ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                  {conversation.language.name}
                </span>
              ) : null}
              {conversation.listener && conversation.openedAt === null ? (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {DESK_TEXTS.notOpened}
                </span>
              ) : null}
              {conversation.listener && conversation.openedAt !== null && !conversation.answered ? (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                  {DESK_TEXTS.noReplyYet}
                </span>
              ) : null}
              <span className="ml-auto text-right text-xs text-slate-600">
                {holder ? (
                  <span className="[overflow-wrap:anywhere]">
                    {conversation.listener
                      ? DESK_PAGE_TEXTS.heldBy(conversation.listener.name)
                      : DESK_PAGE_TEXTS.inLine}
                    {" · "}
                  </span>
                ) : null}
                <span suppressHydrationWarning>{sinceWhen(conversation, now)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {footer ? <p className="mt-2 text-sm text-slate-600">{footer}</p> : null}
    </section>
  );
}

function MineList({ entries, now }: { entries: HeldEntry[]; now: number }) {
  return (
    <section aria-labelledby="desk-mine" className="min-w-0 rounded-xl border border-slate-200 p-3 sm:p-4">
      <h2 id="desk-mine" className="text-lg font-semibold text-slate-900">
        {DESK_TEXTS.mine} <span className="text-sm font-normal text-slate-600">({entries.length})</span>
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{DESK_TEXTS.noneMine}</p>
      ) : (
        <HeldList entries={entries} now={now} />
      )}
    </section>
  );
}

function sinceWhen(conversation: DeskConversation, now: number): string {
  if (conversation.waitingSince !== null)
    return DESK_PAGE_TEXTS.waitingFor(formatWaited(conversation.waitingSince, now));
  if (conversation.assignedAt !== null) return DESK_PAGE_TEXTS.assignedAgo(formatWaited(conversation.assignedAt, now));
  return "";
}

/** So nobody wonders why the lists stopped moving. */
function ConnectionState({ connection }: { connection: DeskConnection }) {
  const label =
    connection === "live"
      ? DESK_PAGE_TEXTS.live
      : connection === "reconnecting"
        ? DESK_PAGE_TEXTS.reconnecting
        : DESK_PAGE_TEXTS.connecting;
  return (
    <p aria-live="polite" className="text-xs font-medium text-slate-600">
      <span
        aria-hidden="true"
        className={`mr-1.5 inline-block h-2 w-2 rounded-full ${connection === "live" ? "bg-emerald-500" : "bg-amber-500"}`}
      />
      {label}
    </p>
  );
}
