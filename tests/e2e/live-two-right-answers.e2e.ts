// Issue 21, item 13, live: a question with two right answers (√25 and 5) played on the board of 2nde A
// (prof-sciences, 1440x1024) with one phone (eleve33, whom no other browser file uses; 360x800). The
// board and the phone say how many answers to tick; the teacher chooses partial credit in the raid's
// settings; the pupil ticks √25 only and the phone says "Presque !", what was missing and the share
// of the points; the report marks the answer as partly right. The raid is the file's own (created
// through the REST API, its chapter deleted at the end), and 2nde A's room is left as it was found:
// paused if it was, closed otherwise.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { STUDENT_NAMES } from '../../server/db/demo/raids';
import { atPath, DESKTOP, launch, newPage, PHONE, shot } from './browser';
import { A, AnalyticsPage } from './pages/analytics';
import { fr, tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { PhonePage } from './pages/phone';
import { ProjectorPage } from './pages/projector';

const PASSWORD = { professor: 'Craie-Verte-2026!', student: 'Cartable-Bleu-7!' };
const CLASS = '2nde A';
const RAID_TITLE = 'Deux bonnes réponses (e2e)';
const N = 33;
const PUPIL = { login: `eleve${N}`, first: STUDENT_NAMES[N - 1][0], last: STUDENT_NAMES[N - 1][1] };
const G = gameFr.GAME;
const P = gameFr.PHONE;

async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

describe('a question with two right answers, live', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let token = '';
  let chapterId = '';
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    // The chapter goes with its raid: prof-sciences' lists are as the other files expect them.
    if (chapterId) await api('DELETE', `/chapters/${chapterId}`, token).catch(() => undefined);
    await browser?.close();
  });

  test('the board and the phone say "tick 2", partial credit is chosen, one of two ticked is partly right on the phone and in the report', {
    timeout: 180_000,
  }, async () => {
    ({ accessToken: token } = await api<{ accessToken: string }>('POST', '/auth/signin', null, {
      login: 'prof-sciences',
      password: PASSWORD.professor,
    }));
    const subjects = await api<{ id: string; code: string }[]>('GET', '/subjects', null);
    const subjectId = subjects.find((s) => s.code === 'PHYSICS_CHEMISTRY')?.id;
    const chapter = await api<{ id: string }>('POST', '/chapters', token, {
      name: `${RAID_TITLE} (chapitre)`,
      level: 2,
      subjectId,
    });
    chapterId = chapter.id;
    await api('POST', `/chapters/${chapter.id}/raids`, token, {
      title: RAID_TITLE,
      shared: false,
      questions: [
        {
          text: 'Quelles écritures valent 5 ?',
          answers: [
            { text: '√25', isCorrect: true },
            { text: '5', isCorrect: true },
            { text: '25', isCorrect: false },
          ],
        },
      ],
    });

    // The board of 2nde A; prof-sciences has no character yet: its set-up opens first, left undone.
    const professor = await newPage(browser, DESKTOP);
    contexts.push(professor.context);
    const { page } = professor;
    await new LoginPage(page).signInTo('prof-sciences', PASSWORD.professor, '/gar-signup');
    await page.goto('/prof/select');
    await page.getByRole('link', { name: tr(fr.PROF_HOME.PLAY_WITH, { name: CLASS }) }).click();
    await page.waitForURL((u) => /^\/prof\/game\/[^/]+\/[^/]+$/.test(u.pathname));
    const boardPath = new URL(page.url()).pathname;
    const [, , , schoolclassId, roomSubjectId] = boardPath.split('/');
    const board = new ProjectorPage(page);
    const wasPaused = await board.ready(CLASS);

    const student = await newPage(browser, PHONE);
    contexts.push(student.context);
    const phone = new PhonePage(student.page);
    await new LoginPage(student.page).signInTo(PUPIL.login, PASSWORD.student, '/student');
    await phone.waitForJoinCard(CLASS);
    await phone.joinLink(CLASS).click();
    await atPath(student.page, `/student/live/${schoolclassId}/${roomSubjectId}`);
    await phone.hello(PUPIL.first).waitFor();

    await board.raidMenu().click();
    await atPath(page, `${boardPath}/select-raid`);
    await board.raidButton(RAID_TITLE).click();
    await board.settingsPanel().waitFor();
    // The settings offer both ways of scoring; the teacher chooses partial credit.
    const all = board.settingsPanel().getByRole('radio', { name: G.SETTINGS.MULTI_ALL });
    const partial = board.settingsPanel().getByRole('radio', { name: G.SETTINGS.MULTI_PARTIAL });
    await all.waitFor();
    await partial.check();
    // The question ends once the only phone has answered.
    if (!(await board.endEarly().isChecked())) await board.endEarly().check();
    await board.openLobby().scrollIntoViewIfNeeded();
    await board.openLobby().click();
    await page.waitForURL((u) => u.pathname.endsWith('/raid'));
    await board.lobby().waitFor();
    await board.lobbyConnected(1).waitFor();
    await phone.lobby().waitFor();
    await board.beginButton().click();

    // Both say how many answers to tick.
    await board.questionIndex(1, 1).waitFor();
    await phone.questionIndex(1, 1).waitFor();
    expect(await page.getByTestId('raid-pick-n').textContent()).toBe(tr(G.RAID.PICK_N_other, { count: 2 }));
    await expect
      .poll(() => student.page.getByTestId('pick-hint').textContent())
      .toBe(tr(P.PICK_N_other, { count: 2 }));
    await shot(page, 'live-two-right-board', false);

    // The pupil ticks √25 only.
    const shown = await phone.shown();
    const letterOf = (text: string) => {
      const a = shown.answers.find((x) => x.source === text);
      if (!a) throw new Error(`no answer ${text} on the phone`);
      return a.letter;
    };
    await phone.answer(letterOf('√25')).click();
    await phone.validate(1).click();
    await board.revealPanel().waitFor();

    // The phone: partly right, what was missing, half the points.
    const verdict = student.page.getByRole('status').filter({ hasText: P.PARTIAL });
    await verdict.waitFor();
    expect(await student.page.getByTestId('verdict-missing').textContent()).toBe(
      tr(P.MISSING, { answers: '« 5 »' }),
    );
    await verdict.getByText(tr(P.PARTIAL_CREDIT, { pct: 50 }), { exact: true }).waitFor();
    await shot(student.page, 'live-two-right-phone-partial', false);

    await board.nextButton(true).click();
    await board.result().waitFor();

    // The report tells partly right from wrong.
    const [tab] = await Promise.all([professor.context.waitForEvent('page'), board.openReport().click()]);
    const report = new AnalyticsPage(tab);
    await report.reportHeading(RAID_TITLE).waitFor();
    await report.showNames().click();
    const row = report.answersRow(`${PUPIL.first} ${PUPIL.last}`);
    await row.waitFor();
    await row.getByText(A.REPORT.PARTIAL_ANSWER, { exact: true }).waitFor({ state: 'attached' });
    expect(await row.getByText(A.REPORT.WRONG_ANSWER, { exact: true }).count()).toBe(0);
    await row.getByText(tr(A.REPORT.PARTIAL_SCORE, { count: 1 }), { exact: true }).waitFor();
    await report
      .questionRow(1)
      .getByText(tr(A.REPORT.PARTIAL_COUNT_one, { count: 1 }), { exact: true })
      .waitFor();
    await shot(tab, 'live-two-right-report');
    await tab.close();

    // 2nde A's room as it was found: paused if it was, else the lesson closed.
    await board.backToBoard().click();
    await atPath(page, boardPath);
    if (wasPaused) {
      await board.pauseButton().click();
      await board.pausedDialog().waitFor();
    } else {
      await board.quit();
      await atPath(page, '/prof/select');
    }
  });
});
