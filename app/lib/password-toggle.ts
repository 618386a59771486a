import { m } from "~/paraglide/messages";

/** Plain DOM code, so the framework-less sign-in screens have it too; hidden without scripts. */

/** Its `aria-controls` names the input. */
export const PASSWORD_TOGGLE_ATTRIBUTE = "data-password-toggle";
export const PASSWORD_TOGGLE_WORD_ATTRIBUTE = "data-toggle-word";
export const PASSWORD_TOGGLE_WORDS = {
  get show() {
    return m.auth_password_show();
  },
  get hide() {
    return m.auth_password_hide();
  },
};

const started = new WeakSet<HTMLButtonElement>();

function startPasswordToggle(button: HTMLButtonElement): void {
  if (started.has(button)) return;
  started.add(button);
  button.addEventListener("click", () => {
    const input = document.getElementById(button.getAttribute("aria-controls") ?? "");
    if (!(input instanceof HTMLInputElement)) return;
    const show = input.type === "password";
    input.type = show ? "text" : "password";
    button.setAttribute("aria-pressed", String(show));
    const word = button.querySelector(`[${PASSWORD_TOGGLE_WORD_ATTRIBUTE}]`);
    if (word) word.textContent = show ? PASSWORD_TOGGLE_WORDS.hide : PASSWORD_TOGGLE_WORDS.show;
  });
}

/** Once each, however often it is called. */
export function startPasswordToggles(root: Document | HTMLElement): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>(`button[${PASSWORD_TOGGLE_ATTRIBUTE}]`)) {
    startPasswordToggle(button);
  }
}
