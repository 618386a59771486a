import { languageNameIn } from "./languages";

export const MAX_LISTENER_ALIAS = 40;

/** Refused before it reaches the database. */
export const MAX_LISTENER_USERNAME = 100;

export const LISTENER_INTENTS = { add: "add", remove: "remove", alias: "alias", languages: "languages" } as const;

export const LISTENER_TEXTS = {
  intro:
    "Listeners answer visitors on the support desk as the support account. Visitors never see a " +
    "listener's username; a listener keeps their own account for the community area.",
  listHeading: (count: number) => `Current listeners (${count})`,
  noListeners: "No listeners yet. Add one by their exact username below.",
  addedOn: (date: string) => `Added ${date}`,
  noAlias: "No alias",
  aliasShown: (alias: string) => `Alias: ${alias}`,
  aliasLabel: (username: string) => `Display alias for ${username}`,
  aliasHint: `Optional: a name visitors may see for this listener, never their username. Up to ${MAX_LISTENER_ALIAS} characters; save it empty to clear it.`,
  saveAlias: "Save alias",
  /** The listener's username follows for screen readers. */
  languagesLegend: "Answers in",
  languagesHint: "A conversation goes first to an available listener who speaks its visitor's language.",
  saveLanguages: "Save languages",
  savingLanguages: "Saving...",
  savingAlias: "Saving...",
  remove: "Remove",
  removing: "Removing...",
  addHeading: "Add a listener",
  usernameLabel: "Username",
  usernameHint: "The exact username, in any letter case.",
  add: "Add listener",
  adding: "Adding...",
  added: (username: string) => `${username} is now a listener.`,
  removed: (username: string) => `${username} is no longer a listener.`,
  aliasSaved: (username: string, alias: string) => `${username} now shows visitors the alias "${alias}".`,
  aliasCleared: (username: string) => `${username} no longer has an alias.`,
  languagesSaved: (username: string, languages: readonly string[]) =>
    `${username} now answers in ${new Intl.ListFormat("en", { type: "conjunction" }).format(
      languages.map((language) => languageNameIn(language, "en")),
    )}.`,
  // Refusals: nothing changed.
  usernameRequired: "Enter the username of the account to add.",
  usernameTooLong: `A username is at most ${MAX_LISTENER_USERNAME} characters.`,
  unknownUsername: (username: string) => `No account has the username "${username}". Check the username and try again.`,
  supportAccount: "The support account can't be a listener: listeners answer as it.",
  suspended: (username: string) => `${username} is suspended and can't be a listener.`,
  alreadyListener: (username: string) => `${username} is already a listener.`,
  notListener: "That account is not a listener any more. The list below is up to date.",
  aliasTooLong: `An alias can be at most ${MAX_LISTENER_ALIAS} characters.`,
  aliasIsUsername: "An alias can't be the listener's own username: visitors never learn who a listener is.",
  noLanguage: "Choose at least one language this listener answers in.",
  unknownLanguage: "That is not a language the site speaks. Choose from the list.",
  unknownIntent: "That action is not known here.",
  malformed: "That form was incomplete, so nothing changed. Please reload the page and try again.",
  postFailed: "The server could not be reached, so nothing changed. Please try again.",
} as const;
