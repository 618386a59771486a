import { chatWith } from "~/shared/routes";
import type { InboxFrame } from "~/shared/schemas/inbox-protocol";

export type IncomingMessage = Extract<InboxFrame, { type: "new-message" }>;

/** Spec section 9. */
export const BANNER_CLOSE_MS = 8000;
const NOTIFICATION_CLOSE_MS = 10_000;

/** Spec section 4. */
export function isWindowInBackground(): boolean {
  return document.visibilityState === "hidden" || !document.hasFocus();
}

export function alertTitle(message: IncomingMessage): string {
  return `New message from ${message.contactName || "someone"}`;
}

let audio: AudioContext | null = null;

/** Browsers may refuse audio before the person interacted; then there is simply no sound. */
export function playChime() {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.12, 1320],
    ] as const) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
      tone.connect(volume).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.3);
    }
  } catch {
    // No audio here: the banner and the notification still tell the person.
  }
}

export function showSystemNotification(message: IncomingMessage, open: (path: string) => void) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const notification = new Notification(alertTitle(message), { body: message.preview, tag: message.pairId });
    notification.onclick = () => {
      window.focus();
      open(chatWith(message.contactId));
      notification.close();
    };
    window.setTimeout(() => notification.close(), NOTIFICATION_CLOSE_MS);
  } catch {
    // Some browsers allow notifications only from a service worker; the banner still shows.
  }
}
