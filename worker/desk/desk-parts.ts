import { WAIT_ESTIMATE_WINDOW_MS } from "~/shared/desk-operations";
import { getConfig } from "../config";
import { DeskBook } from "./desk-book";
import { DeskClock } from "./desk-clock";
import { DeskLedger } from "./desk-ledger";
import { DeskPages, type PagesDesk } from "./desk-pages";
import { DeskProbes } from "./desk-probes";
import { DeskTransitions } from "./desk-transitions";
import { DeskViews } from "./desk-views";
import { RoomNotices } from "./room-notices";
import { waitEstimateMinutes } from "./wait-estimate";

export function deskParts(
  ctx: DurableObjectState,
  sql: SqlStorage,
  sockets: Pick<PagesDesk, "sockets" | "sendPayload">,
) {
  const { capacity } = getConfig().desk;
  const book = new DeskBook(sql, capacity);
  const views = new DeskViews(sql, capacity, book);
  const pages = new DeskPages({ ctx, book, views, ...sockets });
  const ledger = new DeskLedger(sql);
  // Read once per pass, from the recent pace and who is present.
  const waitEstimate = () => {
    const recent = ledger.assignmentsSince(Date.now() - WAIT_ESTIMATE_WINDOW_MS);
    const present = book.presentCount();
    return (position: number) => waitEstimateMinutes(position, present, recent);
  };
  const rooms = new RoomNotices(book, (promise) => ctx.waitUntil(promise), waitEstimate);
  const probes = new DeskProbes(sql);
  const clock = new DeskClock({ storage: ctx.storage, book, pages, probes, ledger, rooms });
  const transitions = new DeskTransitions({ book, clock, ledger, pages, rooms });
  return { book, views, pages, ledger, rooms, probes, clock, transitions };
}
