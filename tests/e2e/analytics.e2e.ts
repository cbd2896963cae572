// Analytics after a lesson: a short live raid on 5e B (two phones: one plays, answering the first
// question wrong, the second right and the third not at all; the other stays silent), stopped after
// three questions; then its report from the projector's end screen (names hidden, the board's
// percentages, asked-but-unanswered apart from never asked), the class table, manual XP the student
// sees in "Mes stats", and exports downloaded and read back. Charts are shot at 1440x1024 and 1024x768.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import coAnalytics from '../../client/src/i18n/locales/co/analytics.json';
import itAnalytics from '../../client/src/i18n/locales/it/analytics.json';
import { readXlsx } from '../../client/src/lib/export/read-xlsx';
import { DEMO_CHAPTERS, STUDENT_NAMES } from '../../server/db/demo/raids';
import { atPath, DESKTOP, launch, newPage, PHONE, shot } from './browser';
import { A, AnalyticsPage } from './pages/analytics';
import { fr, tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { PhonePage } from './pages/phone';
import { isBoardPath, openBoard, ProjectorPage } from './pages/projector';

const STUDENT_PASSWORD = 'Cartable-Bleu-7!';
const CLASS = '5e B';
const RAID_TITLE = 'Les fractions';
// Students no other e2e file touches: eleve05 plays, eleve14 is connected and silent, eleve06 gets
// manual XP.
const PLAYER = { login: 'eleve05', first: STUDENT_NAMES[4][0], last: STUDENT_NAMES[4][1] };
const SILENT = { login: 'eleve14', first: STUDENT_NAMES[13][0] };
/** Questions played before the teacher stops the raid. */
const PLAYED = 3;
const AWARDED = { login: 'eleve06', first: STUDENT_NAMES[5][0], last: STUDENT_NAMES[5][1] };
const SMALL = { width: 1024, height: 768 };

const RAID = DEMO_CHAPTERS.flatMap((c) => c.raids).find((r) => r.title === RAID_TITLE);
if (!RAID) throw new Error(`no demo raid ${RAID_TITLE}`);
const QUESTIONS = RAID.questions;

async function download(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(path) };
}

describe('analytics after a live raid', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let professor: Page;
  let report: Page;
  let wrongText = '';
  let wrongIndex = -1;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('after a live raid the teacher opens its report from the end screen', {
    timeout: 240_000,
  }, async () => {
    const t = await openBoard(browser, 'prof-demo', CLASS);
    contexts.push(t.context);
    professor = t.page;
    const { boardPath } = t;
    const [, , , schoolclassId, subjectId] = boardPath.split('/');
    const board = new ProjectorPage(professor);
    await board.className(CLASS).waitFor();

    const p = await newPage(browser, PHONE);
    contexts.push(p.context);
    await new LoginPage(p.page).signInTo(PLAYER.login, STUDENT_PASSWORD, '/student');
    const phone = new PhonePage(p.page);
    await phone.waitForJoinCard(CLASS);
    await phone.joinLink(CLASS).click();
    await atPath(p.page, `/student/live/${schoolclassId}/${subjectId}`);
    await phone.hello(PLAYER.first).waitFor();
    const q = await newPage(browser, PHONE);
    contexts.push(q.context);
    await new LoginPage(q.page).signInTo(SILENT.login, STUDENT_PASSWORD, '/student');
    const silent = new PhonePage(q.page);
    await silent.waitForJoinCard(CLASS);
    await silent.joinLink(CLASS).click();
    await silent.hello(SILENT.first).waitFor();

    await board.raidMenu().click();
    await board.selectRaidHeading().waitFor();
    await board.raidButton(RAID_TITLE).click();
    // The raid's settings (the teacher reveals each question: one phone would end it at once), then
    // its lobby, then the first question.
    await board.settingsPanel().waitFor();
    await board.endEarly().uncheck();
    await board.openLobby().click();
    await professor.waitForURL((u) => u.pathname.startsWith(boardPath) && u.pathname.endsWith('/raid'));
    await board.lobby().waitFor();
    await board.lobbyConnected(2).waitFor();
    await phone.lobby().waitFor();
    await board.beginButton().click();

    // Question 1 answered wrong, question 2 right, question 3 not answered; the silent classmate
    // answers nothing: the board counts them (present) and shows 0 %, 50 %, 0 %.
    const count = QUESTIONS.length;
    for (let i = 0; i < PLAYED; i++) {
      await board.questionIndex(i + 1, count).waitFor();
      await phone.questionIndex(i + 1, count).waitFor();
      const shown = await phone.shown();
      const q = QUESTIONS.find((x) => x.text === shown.question);
      if (!q) throw new Error(`question not in the demo raid: ${shown.question}`);
      const right = q.answers.filter(([, ok]) => ok).map(([text]) => text);
      let letters = shown.answers.filter((a) => right.includes(a.source)).map((a) => a.letter);
      if (i === 0) {
        const wrong = shown.answers.find((a) => !right.includes(a.source));
        if (!wrong || right.length !== 1) throw new Error('the first question needs one right answer');
        letters = [wrong.letter];
        wrongText = wrong.source;
        wrongIndex = i;
      }
      if (i < 2) {
        for (const l of letters) await phone.answer(l).click();
        if (letters.length > 1) await phone.validate(letters.length).click();
        await phone.received().waitFor();
        await board.answeredCount(1, 2).waitFor();
      }
      await board.revealButton().click();
      await board.revealPanel().waitFor();
      await board.share(i === 1 ? 50 : 0).waitFor();
      if (i < PLAYED - 1) {
        await board.nextButton(false).click();
        await board.questionIndex(i + 2, count).waitFor();
      }
    }
    // The teacher stops the raid in the board's own confirmation: the later questions were never asked.
    await board.endRaidButton().click();
    await board.confirmDialog().waitFor();
    await shot(professor, 'analytics-board-stop-confirm', false);
    await board.confirmDialog().getByRole('button', { name: gameFr.GAME.RAID.END, exact: true }).click();
    await board.result().waitFor();

    // The report opens in a new tab of the teacher's admin view, once the class has seen its result.
    // Its button says the names stay hidden: the tab shows on the projector.
    expect(gameFr.GAME.RESULT.OPEN_REPORT).toMatch(/noms masqués/);
    // What the projector's tab is sent: the report without names (`names=hidden`), never with them.
    const projected: Promise<string>[] = [];
    const onResponse = (r: Response) => {
      if (/\/api\/analytics\/plays\/[0-9a-f-]{36}\?/.test(r.url())) projected.push(r.text());
    };
    t.context.on('response', onResponse);
    const [tab] = await Promise.all([t.context.waitForEvent('page'), board.openReport().click()]);
    report = tab;
    const a = new AnalyticsPage(report);
    await a.reportHeading(RAID_TITLE).waitFor();
    expect(new URL(report.url()).pathname).toMatch(/^\/prof\/analytics\/report\/[0-9a-f-]{36}$/);
    // Projected: students are numbered, no name is on the screen until the teacher asks.
    await a.answersRow(tr(A.REPORT.PUPIL_N, { n: 1 })).waitFor();
    expect(await report.getByText(PLAYER.last, { exact: false }).count()).toBe(0);
    expect(await report.getByText(SILENT.first, { exact: false }).count()).toBe(0);
    t.context.off('response', onResponse);
    const sent = await Promise.all(projected);
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent)
      for (const name of [PLAYER.first, PLAYER.last, SILENT.first]) expect(body).not.toContain(name);
    await shot(report, 'analytics-report-names-hidden');
    await a.showNames().click();
    await a.answersRow(`${PLAYER.first} ${PLAYER.last}`).waitFor();
    // The board's figures: 1 of the 2 present found question 2 (50 %, not 1 of 1 who answered).
    await a.questionRow(2).getByText('50 %', { exact: true }).waitFor();
    // Question 3 was asked and nobody answered: 0 %, and "no answer" for the player; question 4 was
    // never asked.
    await a.questionRow(3).getByText('0 %', { exact: true }).waitFor();
    await a.questionRow(4).getByText(A.REPORT.NOT_ASKED, { exact: true }).waitFor();
    const cells = a.answersRow(`${PLAYER.first} ${PLAYER.last}`).getByRole('cell');
    expect((await cells.nth(3).textContent())?.trim()).toBe(A.REPORT.NO_ANSWER);
    expect((await cells.nth(4).textContent())?.trim()).toBe(A.REPORT.NOT_ASKED);
    // The question answered wrong: nobody found it, and its most chosen wrong answer is the one tapped
    // (its text may be a formula drawn by KaTeX: the CSV below holds its source).
    const firstWrong = a.questionRow(wrongIndex + 1);
    await firstWrong.getByText('0 %', { exact: true }).waitFor();
    await firstWrong.getByText(tr(A.REPORT.CHOSEN_BY_COUNT_one, { count: 1 })).waitFor();
    const row = a.answersRow(`${PLAYER.first} ${PLAYER.last}`);
    await row.getByText(A.REPORT.WRONG_ANSWER, { exact: true }).waitFor({ state: 'attached' });
    await shot(report, 'analytics-report-1440');
    await report.setViewportSize(SMALL);
    await shot(report, 'analytics-report-1024');
    // Each formula of the answers grid has its whole width: nothing cut, nothing drawn over the next cell.
    await report.locator('.an-report__grid .math-box').first().waitFor();
    const cut = await report.locator('.an-report__grid td').evaluateAll((cells) =>
      cells.flatMap((td) =>
        [...td.querySelectorAll('.math-box')]
          .filter((m) => {
            const box = m.getBoundingClientRect();
            const cell = td.getBoundingClientRect();
            return (
              m.scrollWidth > m.clientWidth + 1 || box.right > cell.right + 1 || box.left < cell.left - 1
            );
          })
          .map((m) => m.textContent),
      ),
    );
    expect(cut).toEqual([]);
    // In every language, scrolled to the end, the bug-report button leaves "Export as XLSX" free.
    const a2 = new AnalyticsPage(report);
    const xlsxLabel = {
      co: coAnalytics.ANALYTICS.EXPORT.XLSX,
      it: itAnalytics.ANALYTICS.EXPORT.XLSX,
      fr: A.EXPORT.XLSX,
    };
    for (const lang of ['co', 'it', 'fr'] as const) {
      await a2.language().selectOption(lang);
      // The page speaks that language once its strings arrived.
      const xlsx = report.getByRole('button', { name: xlsxLabel[lang] }).last();
      await xlsx.waitFor();
      await report.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [b, x] = [await a2.bugButton().boundingBox(), await xlsx.boundingBox()];
      if (!b || !x) throw new Error('no bug button or export button');
      const overlap =
        b.x < x.x + x.width && x.x < b.x + b.width && b.y < x.y + x.height && x.y < b.y + b.height;
      if (lang !== 'fr') await shot(report, `analytics-report-end-${lang}`, false);
      expect(overlap, lang).toBe(false);
    }
    await a2.reportHeading(RAID_TITLE).waitFor();
    // Back to the board, so that the next file finds 5e B's board as it was.
    await professor.bringToFront();
    await board.backToBoard().click();
    await professor.waitForURL(isBoardPath);
  });

  test('the report exports its questions as CSV and XLSX that read back', async () => {
    const a = new AnalyticsPage(report);
    await report.setViewportSize(DESKTOP);
    const csv = await download(report, () => a.csvButton(0).click());
    expect(csv.name).toMatch(/\.csv$/);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.bytes.toString('utf8').slice(1).split('\r\n');
    expect(lines[0].split(';').slice(0, 2)).toEqual(['#', A.REPORT.QUESTION]);
    expect(lines.some((l) => l.includes(wrongText))).toBe(true);

    // The answers column counts answers, and is named so.
    const header = lines[0].split(';');
    expect(header).toContain(A.REPORT.ANSWERS_COUNT);
    expect(header).not.toContain(A.REPORT.ANSWERED);

    const xlsx = await download(report, () => a.xlsxButton(1).click());
    expect(xlsx.name).toMatch(/\.xlsx$/);
    const rows = readXlsx(new Uint8Array(xlsx.bytes));
    expect(rows[0].slice(0, 2)).toEqual([A.STUDENTS.LAST_NAME, A.STUDENTS.FIRST_NAME]);
    expect(rows.find((r) => r[0] === PLAYER.last)?.[1]).toBe(PLAYER.first);
    // A pupil of the class who did not play has no score (not 0), and each question says "no answer"
    // or, past the end of the raid, "not asked", as the page does.
    const absent = rows.find((r) => r[0] === STUDENT_NAMES[6][1] && r[1] === STUDENT_NAMES[6][0]);
    if (!absent) throw new Error('no row for a pupil who did not play');
    expect(absent[2] ?? null).toBeNull();
    const questionCells = QUESTIONS.map((_, i) => absent[3 + 3 * i]);
    expect(questionCells.every((c) => c === A.REPORT.NO_ANSWER || c === A.REPORT.NOT_ASKED)).toBe(true);
  });

  test('the class table leads to the students, where manual XP is given', async () => {
    const a = new AnalyticsPage(professor);
    await professor.goto('/prof/analytics/schoolclasses?period=week');
    await a.classesHeading().waitFor();
    const row = a.classRow(CLASS).first();
    await row.waitFor();
    // At least the raid just played, completed live this week.
    const cells = await row.getByRole('cell').allTextContents();
    expect(Number(cells[3])).toBeGreaterThanOrEqual(1);
    await shot(professor, 'analytics-classes-1440');
    await a.classLink(CLASS).first().click();
    await a.studentRow(PLAYER.last).waitFor();
    await shot(professor, 'analytics-class-1440');
    await professor.setViewportSize(SMALL);
    await shot(professor, 'analytics-class-1024');
    await professor.setViewportSize(DESKTOP);

    await a.addXpButton(`${AWARDED.first} ${AWARDED.last}`).click();
    await a.xpAmount().fill('0');
    await a.xpSubmit().click();
    await a.xpDialog().getByText(fr.ERRORS.MANUAL_XP_AMOUNT).waitFor();
    await a.xpAmount().fill('30');
    await a.xpReason().fill('Exposé sur les fractions');
    const posted = professor.waitForResponse(
      (r) => r.url().includes('/xp') && r.request().method() === 'POST',
    );
    await a.xpSubmit().click();
    expect((await posted).status()).toBe(201);
    await a.xpDialog().waitFor({ state: 'detached' });

    // The student sees it in "Mes stats", with the teacher's reason.
    const s = await newPage(browser, PHONE);
    contexts.push(s.context);
    await new LoginPage(s.page).signInTo(AWARDED.login, STUDENT_PASSWORD, '/student');
    await s.page.getByRole('link', { name: fr.LAYOUT.MENU.STUDENT_STATS }).first().click();
    await atPath(s.page, '/student/stats');
    const me = new AnalyticsPage(s.page);
    await me.myStatsHeading().waitFor();
    await me.bonusList().getByText('Exposé sur les fractions', { exact: false }).waitFor();
    await shot(s.page, 'analytics-my-stats-phone', false);
    // One XP gain on the chart: the axis spans the period, each day read once (not "27/11" over and over).
    const xp = await me.chartAxis(0);
    expect(xp.ticks.length).toBeGreaterThan(1);
    expect(new Set(xp.ticks).size).toBe(xp.ticks.length);
    expect(xp.ticks.every((l) => /^\d{2}\/\d{2}$/.test(l))).toBe(true);
  });

  test('the personal page shows its chart at 1440x1024 and 1024x768', async () => {
    const answer = professor.waitForResponse((r) => r.url().includes('/api/analytics/personal?period=week'));
    await professor.goto('/prof/analytics/personal?period=week');
    const { range } = (await (await answer).json()) as { range: { from: string; to: string } };
    await professor.getByTestId('total-raidsStarted').waitFor();
    expect(Number(await professor.getByTestId('total-raidsStarted').textContent())).toBeGreaterThanOrEqual(1);
    const a = new AnalyticsPage(professor);
    // The week, from its Monday (Paris) to now: each day once under the axis, the scale spanning it.
    const week = await a.chartAxis(0);
    expect(week.span).toEqual([range.from, range.to]);
    expect(new Set(week.ticks).size).toBe(week.ticks.length);
    const monday = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
    });
    expect(week.ticks[0]).toBe(monday.format(new Date(range.from)));
    await shot(professor, 'analytics-personal-1440');
    await professor.setViewportSize(SMALL);
    await shot(professor, 'analytics-personal-1024');
    await professor.setViewportSize(DESKTOP);

    // The school year: the 1st of its months, each once.
    await a.period('YEAR').click();
    await expect.poll(async () => (await a.chartAxis(0)).ticks[0]).toBe('01/09');
    const year = await a.chartAxis(0);
    expect(new Set(year.ticks).size).toBe(year.ticks.length);
    await shot(professor, 'analytics-personal-year-1440');

    // "Jour" is a date cell in the XLSX, not text.
    const file = await download(professor, () => a.xlsxButton(0).click());
    const rows = readXlsx(new Uint8Array(file.bytes));
    expect(rows[0][0]).toBe(A.DAY);
    expect(typeof rows[1][0]).toBe('number');
  });
});
