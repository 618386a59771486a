import { describe, expect, it } from "vitest";
import { m } from "~/paraglide/messages";
import { NO_COUNTRY_HELP } from "~/shared/crisis-help";
import { idleDeskStatus, VISITOR_DESK_TEXTS, type VisitorDeskStatus, visitorDeskLine } from "~/shared/desk";
import { languageNameIn } from "~/shared/languages";
import { inLanguage } from "../../worker/i18n/request-language";

/** What a visitor reads above the composer when nobody taking conversations speaks their language. */

const queued = (fields: Partial<VisitorDeskStatus> = {}): VisitorDeskStatus => ({
  ...idleDeskStatus(true),
  state: "queued",
  position: 2,
  ...fields,
});
/** The line, with the crisis banner showing (so without the sentence about danger). */
const line = (status: VisitorDeskStatus | null, language: "en" | "es" = "en") =>
  inLanguage(language, () => visitorDeskLine(status, true, NO_COUNTRY_HELP));

const SPANISH_NOTE =
  "Ahora no hay nadie disponible que hable español. La próxima persona disponible podría responderte en inglés.";
const ENGLISH_NOTE = "No Spanish-speaking listener is available right now. The next listener may answer in English.";

describe("the line about the visitor's language", () => {
  it("follows the place in line, in the visitor's language, naming the languages in it", () => {
    const status = queued({ noListenerSpeaks: "es" });
    expect(line(status, "es")).toBe(`${inLanguage("es", () => VISITOR_DESK_TEXTS.inLine(2))} ${SPANISH_NOTE}`);
    expect(line(status)).toBe(`${VISITOR_DESK_TEXTS.inLine(2)} ${ENGLISH_NOTE}`);
    // Built from the languages' names, not written per language.
    expect(m.desk_lang_no_speaker({ language: "{language}", fallback: "{fallback}" }, { locale: "es" })).not.toContain(
      "español",
    );
    expect(languageNameIn("es", "es")).toBe("español");
    expect(languageNameIn("en", "es")).toBe("inglés");
  });

  it("follows 'on the way' while the listener given it has not opened it, and goes once they have", () => {
    const given = { ...queued({ noListenerSpeaks: "es" }), state: "assigned" as const, position: null };
    expect(line(given, "es")).toBe(`${inLanguage("es", () => VISITOR_DESK_TEXTS.comingSoon)} ${SPANISH_NOTE}`);
    expect(line({ ...given, opened: true }, "es")).toBeNull();
  });

  it("is never said of the default language, nor when nobody at all is there, nor before writing", () => {
    expect(line(queued({ noListenerSpeaks: "en" }))).toBe(VISITOR_DESK_TEXTS.inLine(2));
    expect(line(queued({ noListenerSpeaks: null }), "es")).toBe(inLanguage("es", () => VISITOR_DESK_TEXTS.inLine(2)));
    expect(line(queued({ noListenerSpeaks: "es", listenersAvailable: false }), "es")).toBe(
      inLanguage("es", () => VISITOR_DESK_TEXTS.noListener),
    );
    expect(line({ ...idleDeskStatus(true), noListenerSpeaks: "es" }, "es")).toBeNull();
    // A code the site does not speak says nothing.
    expect(line(queued({ noListenerSpeaks: "xx" }))).toBe(VISITOR_DESK_TEXTS.inLine(2));
  });
});
