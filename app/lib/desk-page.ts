/**
 * The desk pages' own words, beside the desk's shared texts (DESK_TEXTS in
 * app/shared/desk.ts, which the server's refusals use too). The browser tests read the same.
 */
export const DESK_PAGE_TEXTS = {
  availability: "Your availability",
  sessionEnded: "Your session has ended. Please sign in again.",
  capacity: (active: number, capacity: number) => `Your conversations: ${active} of ${capacity}`,
  live: "Live",
  /** The name of the desk's live region, which says who arrives. */
  announcements: "Desk announcements",
  connecting: "Connecting…",
  reconnecting: "Reconnecting…",
  moreWaiting: (more: number) => `and ${more} more waiting`,
  waitingFor: (waited: string) => `waiting ${waited}`,
  assignedAgo: (ago: string) => `assigned ${ago} ago`,
  inLine: "in line",
  heldBy: (name: string) => `with ${name}`,
  backToDesk: "Back to the desk",
  conversationWith: (name: string) => `Conversation with ${name}`,
  queuedNotice: "This conversation is waiting in line. Take it to reply.",
  adminNotice: "You are reading this conversation as the admin. Only the listener who has it can reply.",
  withdrawn: "This conversation is no longer yours: it was transferred or resolved.",
  transferTo: "Transfer to",
  chooseListener: "Choose a listener",
  chooseListenerFirst: "Choose the listener to transfer this conversation to.",
  listenerOption: (name: string, active: number) => `${name} (${active} active)`,
  transferNote: "Note for the next listener (optional)",
  nobodyToTransferTo: "No other listener is available right now.",
  notes: "Private notes",
  noNotes: "No notes yet.",
  addNote: "Add note",
  noteKinds: { note: "Note", transfer: "Transfer note" },
  unknownAction: "That action is not known here.",
} as const;

/** How long someone has waited, in words short enough for a phone's row ('4 min', '1 h 5 min'). */
export function formatWaited(since: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - since) / 60_000);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
