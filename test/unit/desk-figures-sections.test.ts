import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  AnsweringFigures,
  HelpfulFigures,
  ListenerFiguresTable,
  SurveyComments,
  WaitingNowFigures,
  WrapUpFigures,
} from "~/components/admin/desk-figures-sections";
import { ADMIN_TITLES, adminPageAt } from "~/shared/admin";
import { DESK_FIGURES_TEXTS, type DeskFigures } from "~/shared/desk-operations";
import { PATHS } from "~/shared/routes";

const EMPTY: DeskFigures = {
  period: "today",
  from: Date.UTC(2026, 4, 14),
  to: Date.UTC(2026, 4, 14, 9, 30),
  conversations: 0,
  answered: 0,
  abandoned: 0,
  answerRate: null,
  timeToAnswer: { medianMs: null, p90Ms: null },
  answeredWithinTarget: null,
  waitingNow: 0,
  longestWaitNowMs: null,
  helpful: { yes: 0, somewhat: 0, no: 0, answers: 0 },
  comments: [],
  topics: [],
  risk: { discussed: 0, wrapUps: 0 },
  listeners: [],
  byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, openings: 0, medianTimeToAnswerMs: null })),
};

const BUSY: DeskFigures = {
  ...EMPTY,
  conversations: 1234,
  answered: 3,
  abandoned: 1,
  answerRate: 0.75,
  timeToAnswer: { medianMs: 270_000, p90Ms: 3_900_000 },
  answeredWithinTarget: 2 / 3,
  waitingNow: 2,
  longestWaitNowMs: 45_000,
  helpful: { yes: 3, somewhat: 1, no: 0, answers: 4 },
  comments: [
    { at: Date.UTC(2026, 4, 14, 8, 0), answer: "yes", text: "Older comment" },
    { at: Date.UTC(2026, 4, 14, 9, 0), answer: "somewhat", text: "شكرا لكم على الاستماع" },
  ],
  topics: [
    { name: "Grief", count: 1 },
    { name: "Anxiety", count: 2 },
  ],
  risk: { discussed: 1, wrapUps: 3 },
  listeners: [{ name: "Quiet Harbor", conversations: 3, medianFirstReplyMs: 65_000, resolved: 2 }],
};

const html = (component: (props: { figures: DeskFigures }) => React.ReactNode, figures: DeskFigures) =>
  renderToStaticMarkup(createElement(component, { figures }));

describe("the desk figures page", () => {
  it("is an admin page, with its title in the admin nav", () => {
    expect(adminPageAt(PATHS.adminDesk)?.title).toBe(ADMIN_TITLES.desk);
  });

  it("writes figures for people: counts with separators, shares and durations in words", () => {
    const answering = html(AnsweringFigures, BUSY);
    expect(answering).toContain("1,234");
    expect(answering).toContain("75%");
    expect(answering).toContain("4 min 30 s");
    expect(answering).toContain("1 h 5 min");
    expect(answering).toContain("67%");
    expect(html(WaitingNowFigures, BUSY)).toContain("45 s");
  });

  it("shows a dash for figures that do not exist yet, and says so where a list is empty", () => {
    const answering = html(AnsweringFigures, EMPTY);
    expect(answering.match(/—/g)?.length).toBe(4); // answer rate, median, 90th percentile, within target
    expect(html(WaitingNowFigures, EMPTY)).toContain("—");
    expect(html(SurveyComments, EMPTY)).toContain(DESK_FIGURES_TEXTS.noComments);
    expect(html(WrapUpFigures, EMPTY)).toContain(DESK_FIGURES_TEXTS.noTopics);
    expect(html(ListenerFiguresTable, EMPTY)).toContain(DESK_FIGURES_TEXTS.noListeners);
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
});
