import { useId } from "react";
import { formatAnswerTime, formatCount, formatDuration, formatMoment, formatShare, shareOf } from "~/lib/figure-format";
import {
  DESK_FIGURES_PAGE_TEXTS,
  DESK_FIGURES_TEXTS,
  type DeskFigures,
  EXACT_ANSWER_TIMES_MS,
  HELPFUL_ANSWERS,
  OPENING_STATE_TEXTS,
  OPENING_STATES,
  SURVEY_TEXTS,
} from "~/shared/desk-operations";
import { TABLE_LOOK, TableRegion } from "./table-region";

/** Nothing here names a visitor: the figures carry no one's identity, and comments are shown without a name. */

const TEXTS = DESK_FIGURES_TEXTS;
const PAGE = DESK_FIGURES_PAGE_TEXTS;

const SECTION_HEADING = "text-xl font-semibold text-slate-900";
const EMPTY = "mt-3 rounded-xl bg-slate-50 p-6 text-center text-slate-700";

/** Unnamed, so not a landmark: headings are how a screen reader moves through the page. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="min-w-0">
      <h2 className={SECTION_HEADING}>{title}</h2>
      {children}
    </section>
  );
}

function Figure({
  term,
  values,
  wide = false,
}: {
  term: string;
  values: { value: string; unit?: string }[];
  wide?: boolean;
}) {
  return (
    <div className={`min-w-0 rounded-xl border border-slate-200 p-3 ${wide ? "col-span-2" : ""}`}>
      <dt className="text-sm text-slate-700">{term}</dt>
      {values.map(({ value, unit }) => (
        <dd key={unit ?? "value"} className="mt-1">
          <span className="text-xl font-semibold text-slate-900 tabular-nums sm:text-2xl">{value}</span>
          {unit ? <span className="ml-1.5 text-sm text-slate-600">{unit}</span> : null}
        </dd>
      ))}
    </div>
  );
}

const FIGURE_GRID = "mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4";

type Column = { label: string; numeric?: boolean };

/** A phone may be too narrow for it. */
function FiguresTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: Column[];
  children: React.ReactNode;
}) {
  const captionId = useId();
  return (
    <div className="mt-3">
      <TableRegion labelledBy={captionId}>
        <table className={TABLE_LOOK.table}>
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={column.numeric ? `${TABLE_LOOK.head} text-right` : TABLE_LOOK.head}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          {children}
        </table>
      </TableRegion>
    </div>
  );
}

/** Every conversation in exactly one state, the four shown beside their sum. */
export function AnsweringFigures({ figures }: { figures: DeskFigures }) {
  const ended = figures.conversations - figures.stillWaiting;
  const sum = PAGE.sum(
    formatCount(figures.conversations),
    OPENING_STATES.map((state) => OPENING_STATE_TEXTS[state].counted(formatCount(figures[state]))),
  );
  return (
    <Section title={PAGE.inPeriod}>
      <dl className={FIGURE_GRID}>
        <Figure term={TEXTS.conversations} values={[{ value: formatCount(figures.conversations) }]} />
        {OPENING_STATES.map((state) => (
          <Figure
            key={state}
            term={OPENING_STATE_TEXTS[state].name}
            values={[{ value: formatCount(figures[state]) }]}
          />
        ))}
        <Figure
          term={TEXTS.answerRate}
          values={[
            {
              value: formatShare(figures.answerRate),
              unit: ended > 0 ? TEXTS.answerRateOf(formatCount(figures.answered), formatCount(ended)) : undefined,
            },
          ]}
        />
        <Figure
          wide
          term={TEXTS.timeToAnswer}
          values={[
            { value: formatAnswerTime(figures.timeToAnswer.medianMs), unit: TEXTS.median },
            { value: formatAnswerTime(figures.timeToAnswer.p90Ms), unit: TEXTS.p90 },
          ]}
        />
        <Figure term={TEXTS.withinTarget} values={[{ value: formatShare(figures.answeredWithinTarget) }]} />
      </dl>
      <p className="mt-3 font-medium text-slate-900 tabular-nums">{sum}</p>
      <p className="mt-3 text-sm text-slate-700">{TEXTS.countedHow(figures.timeZone)}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
        {OPENING_STATES.map((state) => (
          <li key={state}>
            <span className="font-semibold">{OPENING_STATE_TEXTS[state].name}</span>
            {`: ${OPENING_STATE_TEXTS[state].definition}`}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm text-slate-700">
        <span className="font-semibold">{TEXTS.answerRate}</span>
        {`: ${TEXTS.answerRateDefinition}`}
      </p>
      {hasApproximateTimes(figures) ? <p className="mt-1 text-sm text-slate-700">{TEXTS.approximateTimes}</p> : null}
    </Section>
  );
}

/** Never the visitor. */
export function RiskNotDiscussedFigures({ figures }: { figures: DeskFigures }) {
  const rows = figures.riskNotDiscussed;
  return (
    <Section title={TEXTS.riskNotDiscussed}>
      <p className="mt-1 text-slate-700">{TEXTS.riskNotDiscussedHow}</p>
      {rows.length === 0 ? (
        <p className={EMPTY}>{TEXTS.noRiskNotDiscussed}</p>
      ) : (
        <>
          <p className="mt-3 rounded-xl bg-red-50 p-3 font-semibold text-red-900 ring-1 ring-red-200">
            {PAGE.riskToReview(figures.riskNotDiscussedCount)}
          </p>
          {figures.riskNotDiscussedCount > rows.length ? (
            <p className="mt-2 text-sm text-slate-700">{PAGE.newest(rows.length, figures.riskNotDiscussedCount)}</p>
          ) : null}
          <FiguresTable
            caption={TEXTS.riskNotDiscussed}
            columns={[
              { label: PAGE.resolvedAt },
              { label: PAGE.listener },
              { label: TEXTS.topics },
              { label: PAGE.crisisWords },
            ]}
          >
            <tbody>
              {rows.map((row, index) => (
                // Nothing here identifies a conversation; the order is fixed per load.
                // biome-ignore lint/suspicious/noArrayIndexKey: rendered once per load, in one order
                <tr key={index}>
                  <th scope="row" className={`${TABLE_LOOK.rowHead} text-start`}>
                    <time dateTime={new Date(row.at).toISOString()}>{formatMoment(row.at, figures.timeZone)}</time>
                  </th>
                  <td dir="auto" className={`${TABLE_LOOK.textCell} min-w-28`}>
                    {row.listener}
                  </td>
                  <td dir="auto" className={`${TABLE_LOOK.textCell} min-w-32`}>
                    {row.topics.join(", ")}
                  </td>
                  <td className={TABLE_LOOK.textCell}>{row.crisis ? PAGE.yes : PAGE.no}</td>
                </tr>
              ))}
            </tbody>
          </FiguresTable>
        </>
      )}
    </Section>
  );
}

/** Whatever the period. */
export function WaitingNowFigures({ figures }: { figures: DeskFigures }) {
  return (
    <Section title={PAGE.now}>
      <dl className={FIGURE_GRID}>
        <Figure term={TEXTS.waitingNow} values={[{ value: formatCount(figures.waitingNow) }]} />
        <Figure term={TEXTS.longestWaitNow} values={[{ value: formatDuration(figures.longestWaitNowMs) }]} />
      </dl>
    </Section>
  );
}

export function HelpfulFigures({ figures }: { figures: DeskFigures }) {
  const { helpful } = figures;
  return (
    <Section title={TEXTS.helpful}>
      <p className="mt-1 text-slate-700">{TEXTS.surveyAnswers(helpful.answers)}</p>
      {helpful.answers === 0 ? (
        <p className={EMPTY}>{PAGE.noSurveyAnswers}</p>
      ) : (
        <FiguresTable
          caption={`${TEXTS.helpful}: ${SURVEY_TEXTS.question}`}
          columns={[
            { label: PAGE.answer },
            { label: PAGE.share, numeric: true },
            { label: PAGE.answers, numeric: true },
          ]}
        >
          <tbody>
            {HELPFUL_ANSWERS.map((answer) => {
              const share = shareOf(helpful[answer], helpful.answers);
              return (
                <tr key={answer}>
                  <th scope="row" className={TABLE_LOOK.rowHead}>
                    {SURVEY_TEXTS.answers[answer]}
                  </th>
                  <td className={TABLE_LOOK.cell}>
                    <span className="inline-flex items-center justify-end gap-2">
                      {/* The share drawn too, for a glance; its number is beside it. */}
                      <svg className="hidden h-2.5 w-20 sm:block" aria-hidden="true">
                        <rect x="0" y="0" width="100%" height="100%" rx="2" className="fill-slate-100" />
                        <rect
                          x="0"
                          y="0"
                          width={`${(share ?? 0) * 100}%`}
                          height="100%"
                          rx="2"
                          className="fill-brand-600"
                        />
                      </svg>
                      {formatShare(share)}
                    </span>
                  </td>
                  <td className={TABLE_LOOK.cell}>{formatCount(helpful[answer])}</td>
                </tr>
              );
            })}
          </tbody>
        </FiguresTable>
      )}
    </Section>
  );
}

/** dir="auto" and wrapping anywhere, so a long word or a right-to-left line stays inside a phone's width. */
export function SurveyComments({ figures }: { figures: DeskFigures }) {
  const comments = [...figures.comments].sort((a, b) => b.at - a.at);
  return (
    <Section title={TEXTS.comments}>
      {comments.length === 0 ? (
        <p className={EMPTY}>{TEXTS.noComments}</p>
      ) : (
        <>
          {figures.commentCount > comments.length ? (
            <p className="mt-2 text-sm text-slate-700">{PAGE.newest(comments.length, figures.commentCount)}</p>
          ) : null}
          <ul className="mt-3 space-y-3">
            {comments.map((comment, index) => (
              // No id: nothing that could lead back to a conversation.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once per load, in one order
              <li key={index} className="rounded-xl border border-slate-200 p-3">
                <p dir="auto" className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">
                  {comment.text}
                </p>
                <p className="mt-2 text-xs text-slate-600">
                  {`${SURVEY_TEXTS.question} ${SURVEY_TEXTS.answers[comment.answer]} · `}
                  <time dateTime={new Date(comment.at).toISOString()}>
                    {formatMoment(comment.at, figures.timeZone)}
                  </time>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  );
}

export function WrapUpFigures({ figures }: { figures: DeskFigures }) {
  const { risk } = figures;
  const topics = [...figures.topics].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  return (
    <Section title={TEXTS.topics}>
      {risk.wrapUps === 0 || topics.length === 0 ? (
        <p className={EMPTY}>{TEXTS.noTopics}</p>
      ) : (
        <>
          <dl className={FIGURE_GRID}>
            <Figure wide term={TEXTS.riskDiscussed} values={[{ value: PAGE.riskOf(risk.discussed, risk.wrapUps) }]} />
          </dl>
          <FiguresTable
            caption={TEXTS.topics}
            columns={[{ label: PAGE.topic }, { label: PAGE.wrapUps, numeric: true }]}
          >
            <tbody>
              {topics.map((topic) => (
                <tr key={topic.name}>
                  <th scope="row" dir="auto" className={`${TABLE_LOOK.rowHead} text-start`}>
                    {topic.name}
                  </th>
                  <td className={TABLE_LOOK.cell}>{formatCount(topic.count)}</td>
                </tr>
              ))}
            </tbody>
          </FiguresTable>
        </>
      )}
    </Section>
  );
}

/** Each conversation counted for one listener at most, so a row's Resolved never exceeds its Answered. */
export function ListenerFiguresTable({ figures }: { figures: DeskFigures }) {
  const total = (pick: (listener: DeskFigures["listeners"][number]) => number) =>
    formatCount(figures.listeners.reduce((sum, listener) => sum + pick(listener), 0));
  return (
    <Section title={TEXTS.listeners}>
      <p className="mt-1 text-slate-700">{TEXTS.listenersHow}</p>
      {figures.listeners.length === 0 ? (
        <p className={EMPTY}>{TEXTS.noListeners}</p>
      ) : (
        <FiguresTable
          caption={TEXTS.listeners}
          columns={[
            { label: PAGE.listener },
            { label: TEXTS.conversations, numeric: true },
            { label: TEXTS.answered, numeric: true },
            { label: TEXTS.closedWithoutReply, numeric: true },
            { label: TEXTS.resolved, numeric: true },
            { label: TEXTS.medianFirstReply, numeric: true },
          ]}
        >
          <tbody>
            {figures.listeners.map((listener, index) => (
              // Two listeners may share an alias.
              // biome-ignore lint/suspicious/noArrayIndexKey: rendered once per load, in one order
              <tr key={index}>
                <th scope="row" dir="auto" className={`${TABLE_LOOK.rowHead} min-w-28 text-start`}>
                  {listener.name}
                </th>
                <td className={TABLE_LOOK.cell}>{formatCount(listener.conversations)}</td>
                <td className={TABLE_LOOK.cell}>{formatCount(listener.answered)}</td>
                <td className={TABLE_LOOK.cell}>{formatCount(listener.closedWithoutReply)}</td>
                <td className={TABLE_LOOK.cell}>{formatCount(listener.resolved)}</td>
                <td className={TABLE_LOOK.cell}>{formatAnswerTime(listener.medianFirstReplyMs)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300">
              <th scope="row" className={`${TABLE_LOOK.rowHead} text-start`}>
                {TEXTS.allListeners}
              </th>
              <td className={TABLE_LOOK.cell}>{total((listener) => listener.conversations)}</td>
              <td className={TABLE_LOOK.cell}>{total((listener) => listener.answered)}</td>
              <td className={TABLE_LOOK.cell}>{total((listener) => listener.closedWithoutReply)}</td>
              <td className={TABLE_LOOK.cell}>{total((listener) => listener.resolved)}</td>
              {/* Every answered conversation counts: theirs is the period's median. */}
              <td className={TABLE_LOOK.cell}>{formatAnswerTime(figures.timeToAnswer.medianMs)}</td>
            </tr>
          </tfoot>
        </FiguresTable>
      )}
    </Section>
  );
}

export function LanguageFiguresTable({ figures }: { figures: DeskFigures }) {
  return (
    <Section title={TEXTS.byLanguage}>
      <p className="mt-1 text-slate-700">{TEXTS.byLanguageHow}</p>
      {figures.byLanguage.length === 0 ? (
        <p className={EMPTY}>{TEXTS.noLanguages}</p>
      ) : (
        <FiguresTable
          caption={TEXTS.byLanguage}
          columns={[
            { label: TEXTS.language },
            { label: TEXTS.conversations, numeric: true },
            { label: TEXTS.answered, numeric: true },
            { label: TEXTS.stillWaiting, numeric: true },
            { label: `${TEXTS.timeToAnswer} (${TEXTS.median})`, numeric: true },
            { label: `${TEXTS.timeToAnswer} (${TEXTS.p90})`, numeric: true },
          ]}
        >
          <tbody>
            {figures.byLanguage.map((row) => (
              <tr key={row.language ?? ""}>
                <th scope="row" className={`${TABLE_LOOK.rowHead} text-start`}>
                  {row.name ?? TEXTS.languageNotKnown}
                </th>
                <td className={TABLE_LOOK.cell}>{formatCount(row.conversations)}</td>
                <td className={TABLE_LOOK.cell}>{formatCount(row.answered)}</td>
                <td className={TABLE_LOOK.cell}>{formatCount(row.stillWaiting)}</td>
                <td className={TABLE_LOOK.cell}>{formatAnswerTime(row.medianTimeToAnswerMs)}</td>
                <td className={TABLE_LOOK.cell}>{formatAnswerTime(row.p90TimeToAnswerMs)}</td>
              </tr>
            ))}
          </tbody>
        </FiguresTable>
      )}
    </Section>
  );
}

function hasApproximateTimes(figures: DeskFigures): boolean {
  const times = [
    figures.timeToAnswer.medianMs,
    figures.timeToAnswer.p90Ms,
    ...figures.listeners.map((listener) => listener.medianFirstReplyMs),
    ...figures.byLanguage.flatMap((row) => [row.medianTimeToAnswerMs, row.p90TimeToAnswerMs]),
    ...figures.byHour.map((row) => row.medianTimeToAnswerMs),
  ];
  return times.some((ms) => ms !== null && ms > EXACT_ANSWER_TIMES_MS);
}
