import { m } from "~/paraglide/messages";

/** docs/requirements.md, the chat screen. */
export const CONVERSATION_TEXTS = {
  /** Spec section 2. */
  get sessionNotice() {
    return m.chat_session_limit();
  },
  get noMessages() {
    return m.chat_no_messages();
  },
  get sayHello() {
    return m.chat_say_hello();
  },
  get refresh() {
    return m.chat_refresh();
  },
  get refreshContext() {
    return m.chat_refresh_context();
  },
  get earlier() {
    return m.chat_earlier();
  },
  get attach() {
    return m.chat_attach();
  },
  get send() {
    return m.chat_send();
  },
  get sending() {
    return m.chat_sending();
  },
  get sendingMessage() {
    return m.chat_sending_message();
  },
  /** One line in a 320 px composer. */
  get placeholder() {
    return m.chat_placeholder();
  },
  composerLabel: (name: string) => m.chat_composer_label({ name }),
  /** The picture itself is not described. */
  get imageYouSent() {
    return m.chat_image_you_sent();
  },
  imageFrom: (username: string) => m.chat_image_from({ username }),
};

/** At least 24 px tall (WCAG 2.2, 2.5.8). */
export const plainLinkClass =
  "inline-flex min-h-6 items-center font-semibold text-brand-700 underline underline-offset-2 hover:decoration-2 focus-visible:outline-2 focus-visible:outline-brand-700";
