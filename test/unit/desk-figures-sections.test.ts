import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  AnsweringFigures,
  HelpfulFigures,
  LanguageFiguresTable,
  ListenerFiguresTable,
  RiskNotDiscussedFigures,
  SurveyComments,
  WaitingNowFigures,
  WrapUpFigures,
} from "~/components/admin/desk-figures-sections";
import { ADMIN_TITLES, adminPageAt } from "~/shared/admin";
import {
  DESK_FIGURES_PAGE_TEXTS,
  DESK_FIGURES_TEXTS,
  type DeskFigures,
  OPENING_STATE_TEXTS,
  OPENING_STATES,
} from "~/shared/desk-operations";
import { PATHS } from "~/shared/routes";

const EMPTY: DeskFigures = {
  period: "today",
  timeZone: "UTC",
  from: Date.UTC(2026, 4, 14),
  to: Date.UTC(2026, 4, 14, 9, 30),
  conversations: 0,
  answered: 0,
  abandoned: 0,
  stillWaiting: 0,
  closedWithoutReply: 0,
  answerRate: null,
  timeToAnswer: { medianMs: null, p90Ms: null },
  answeredWithinTarget: null,
  waitingNow: 0,
  longestWaitNowMs: null,
  helpful: { yes: 0, somewhat: 0, no: 0, answers: 0 },
  comments: [],
  commentCount: 0,
  topics: [],
  risk: { discussed: 0, wrapUps: 0 },
  riskNotDiscussed: [],
  riskNotDiscussedCount: 0,
  listeners: [],
  byLanguage: [],
  byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, openings: 0, medianTimeToAnswerMs: null })),
  hourMinute: 0,
};

const BUSY: DeskFigures = {
  ...EMPTY,
  timeZone: "Asia/Tokyo",
  conversations: 1234,
  answered: 3,
  abandoned: 1,
  stillWaiting: 1229,
  closedWithoutReply: 1,
  answerRate: 0.6,
  timeToAnswer: { medianMs: 270_000, p90Ms: 3_900_000 },
  answeredWithinTarget: 2 / 3,
  waitingNow: 2,
  longestWaitNowMs: 45_000,
  helpful: { yes: 3, somewhat: 1, no: 0, answers: 4 },
  comments: [
    { at: Date.UTC(2026, 4, 14, 8, 0), answer: "yes", text: "Older comment" },
    { at: Date.UTC(2026, 4, 14, 9, 0), answer: "somewhat", text: "شكرا لكم على الاستماع" },
  ],
  commentCount: 2,
  topics: [
    { name: "Grief", count: 1 },
    { name: "Anxiety", count: 2 },
  ],
  risk: { discussed: 1, wrapUps: 3 },
  riskNotDiscussed: [
    { at: Date.UTC(2026, 4, 14, 9, 0), listener: "Quiet Harbor", topics: ["Suicidal thoughts", "Grief"], crisis: true },
  ],
  riskNotDiscussedCount: 1,
  listeners: [
    {
      name: "Quiet Harbor",
      conversations: 3,
      answered: 2,
      closedWithoutReply: 1,
      resolved: 2,
      medianFirstReplyMs: 65_000,
    },
    {
      name: "Still Water",
      conversations: 1,
      answered: 1,
      closedWithoutReply: 0,
      resolved: 0,
      medianFirstReplyMs: 5_000,
    },
  ],
};

/** What a reader reads of some markup: its text, entities decoded. */
const text = (markup: string) =>
  markup
    .replace(/<[^>]+>/g, "")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");

const html = (component: (props: { figures: DeskFigures }) => React.ReactNode, figures: DeskFigures) =>
  renderToStaticMarkup(createElement(component, { figures }));

describe("the desk figures page", () => {
  it("is an admin page, with its title in the admin nav", () => {
    expect(adminPageAt(PATHS.adminDesk)?.title).toBe(ADMIN_TITLES.desk);
  });

  it("counts the conversations by language, a language not known by that name, and says so when there are none", () => {
    const byLanguage = text(
      html(LanguageFiguresTable, {
        ...BUSY,
        byLanguage: [
          {
            language: "es",
            name: "Spanish",
            conversations: 1200,
            answered: 2,
            stillWaiting: 1198,
            medianTimeToAnswerMs: 270_000,
            p90TimeToAnswerMs: 3_900_000,
          },
          {
            language: null,
            name: null,
            conversations: 34,
            answered: 0,
            stillWaiting: 31,
            medianTimeToAnswerMs: null,
            p90TimeToAnswerMs: null,
          },
        ],
      }),
    );
    expect(byLanguage).toContain(DESK_FIGURES_TEXTS.byLanguageHow);
    expect(byLanguage).toContain("Spanish1,20021,1984 min 30 s≈ 1 h 5 min");
    expect(byLanguage).toContain(`${DESK_FIGURES_TEXTS.languageNotKnown}34031——`);
    expect(text(html(LanguageFiguresTable, EMPTY))).toContain(DESK_FIGURES_TEXTS.noLanguages);
  });

  it("writes figures for people: counts with separators, shares and durations in words", () => {
    const answering = html(AnsweringFigures, BUSY);
    expect(answering).toContain("1,234");
    expect(answering).toContain("60%");
    expect(answering).toContain("3 of 5 no longer waiting");
    expect(answering).toContain("4 min 30 s");
    expect(answering).toContain("1 h 5 min");
    expect(answering).toContain("67%");
    expect(html(WaitingNowFigures, BUSY)).toContain("45 s");
  });

  it("marks a time to answer past the exact range as approximate, and says how close it is", () => {
    // 4 min 30 s is exact as shown; 1 h 5 min is read from the hours' buckets.
    const answering = text(html(AnsweringFigures, BUSY));
    expect(answering).toContain("4 min 30 s");
    expect(answering).not.toContain("≈ 4 min 30 s");
    expect(answering).toContain("≈ 1 h 5 min");
    expect(answering).toContain(DESK_FIGURES_TEXTS.approximateTimes);
    const exact = { ...BUSY, timeToAnswer: { medianMs: 270_000, p90Ms: 600_000 }, byLanguage: [] };
    expect(text(html(AnsweringFigures, exact))).not.toContain("≈");
    expect(text(html(AnsweringFigures, exact))).not.toContain(DESK_FIGURES_TEXTS.approximateTimes);
  });

  it("says when a list shows only the newest of more, and counts them all", () => {
    const more = { ...BUSY, commentCount: 250, riskNotDiscussedCount: 120 };
    expect(text(html(SurveyComments, more))).toContain(DESK_FIGURES_PAGE_TEXTS.newest(2, 250));
    expect(text(html(RiskNotDiscussedFigures, more))).toContain(DESK_FIGURES_PAGE_TEXTS.riskToReview(120));
    expect(text(html(RiskNotDiscussedFigures, more))).toContain(DESK_FIGURES_PAGE_TEXTS.newest(1, 120));
    expect(text(html(SurveyComments, BUSY))).not.toContain("The newest");
  });

  it("shows a dash for figures that do not exist yet, and says so where a list is empty", () => {
    const answering = html(AnsweringFigures, EMPTY);
    expect(answering.match(/—/g)?.length).toBe(4); // answer rate, median, 90th percentile, within target
    expect(answering).not.toMatch(/\d of \d+ no longer waiting/);
    expect(html(WaitingNowFigures, EMPTY)).toContain("—");
    expect(html(SurveyComments, EMPTY)).toContain(DESK_FIGURES_TEXTS.noComments);
    expect(html(WrapUpFigures, EMPTY)).toContain(DESK_FIGURES_TEXTS.noTopics);
    expect(html(ListenerFiguresTable, EMPTY)).toContain(DESK_FIGURES_TEXTS.noListeners);
    expect(html(RiskNotDiscussedFigures, EMPTY)).toContain(DESK_FIGURES_TEXTS.noRiskNotDiscussed);
    expect(html(HelpfulFigures, EMPTY)).toContain(DESK_FIGURES_TEXTS.surveyAnswers(0));
  });

  it("lists comments newest first, each in its own direction, with no one's name", () => {
    const comments = html(SurveyComments, BUSY);
    expect(comments.indexOf("شكرا")).toBeLessThan(comments.indexOf("Older comment"));
    expect(comments.match(/dir="auto"/g)?.length).toBe(2);
    expect(comments).toContain("Somewhat");
  });

  it("gives the helpful answers' shares of all answers, topics by count and risk of all wrap-ups", () => {
    const helpful = html(HelpfulFigures, BUSY);
    expect(helpful).toContain("4 answers");
    expect(helpful).toMatch(/Yes<\/th>.*75%/);
    const wrapUps = html(WrapUpFigures, BUSY);
    expect(wrapUps).toContain("1 of 3 wrap-ups");
    expect(wrapUps.indexOf("Anxiety")).toBeLessThan(wrapUps.indexOf("Grief"));
    const listeners = html(ListenerFiguresTable, BUSY);
    expect(listeners).toContain("Quiet Harbor");
    expect(listeners).toContain("1 min 5 s");
  });

  it("shows every conversation in one state, the states summing to the conversations, each defined", () => {
    const answering = text(html(AnsweringFigures, BUSY));
    expect(answering).toContain(
      "1,234 conversations = 3 answered + 1 abandoned + 1,229 still waiting + 1 closed without a reply",
    );
    for (const state of OPENING_STATES) expect(answering).toContain(OPENING_STATE_TEXTS[state].definition);
    expect(answering).toContain(DESK_FIGURES_TEXTS.answerRateDefinition);
    expect(answering).toContain(DESK_FIGURES_TEXTS.countedHow("Asia/Tokyo"));
  });

  it("lists the wrap-ups to review with when (in the chosen zone), who, the topics and the crisis flag", () => {
    const risk = html(RiskNotDiscussedFigures, BUSY);
    expect(risk).toContain(DESK_FIGURES_PAGE_TEXTS.riskToReview(1));
    expect(risk).toContain("May 14, 2026, 18:00 Asia/Tokyo");
    expect(risk).toContain("Quiet Harbor");
    expect(risk).toContain("Suicidal thoughts, Grief");
    expect(risk).toMatch(/<td[^>]*>Yes<\/td>/);
    expect(html(SurveyComments, BUSY)).toContain("May 14, 2026, 18:00 Asia/Tokyo");
  });

  it("counts each listener's conversations once, with a total row that adds them up", () => {
    const listeners = html(ListenerFiguresTable, BUSY);
    expect(text(listeners)).toContain(DESK_FIGURES_TEXTS.listenersHow);
    const cells = (row: string) => [...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]);
    const footer = listeners.slice(listeners.indexOf("<tfoot"));
    expect(footer).toContain(DESK_FIGURES_TEXTS.allListeners);
    expect(cells(footer)).toEqual(["4", "3", "1", "2", "4 min 30 s"]);
  });
});
