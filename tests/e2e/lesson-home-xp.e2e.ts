// Issue 21, item 3: after a lesson the student home shows what the pupil earned, without a reload.
// A pupil of 5e B (eleve19, whom no other browser test uses) plays a raid of prof-demo's board
// (1440x1024) on a phone (360x800), answering right until the XP earned crosses the next level; the
// teacher stops the raid (or the boss falls) and quits. The phone shows the level-up moment, goes
// home by itself, and the home shows the new XP and level, as the pupil's record holds them.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { DEMO_CHAPTERS, STUDENT_NAMES } from '../../server/db/demo/raids';
import { applyXp, raidReward } from '../../shared/game/rules';
import type { UserRecord } from '../../shared/types';
import { atPath, launch, newPage, PHONE, shot } from './browser';
import { fr, tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { PhonePage } from './pages/phone';
import { openBoard, ProjectorPage } from './pages/projector';

const PASSWORD = { professor: 'Craie-Verte-2026!', student: 'Cartable-Bleu-7!' };
const CLASS = '5e B';
const RAID_TITLE = 'Les fractions';
const N = 19;
const STUDENT = { login: `eleve${N}`, firstName: STUDENT_NAMES[N - 1][0] };
const RAID = DEMO_CHAPTERS.flatMap((c) => c.raids).find((r) => r.title === RAID_TITLE);
if (!RAID) throw new Error(`no demo raid ${RAID_TITLE}`);
const QUESTIONS = RAID.questions;

/** A pupil's progress as GET /users/{id} answers it. */
type Progress = NonNullable<UserRecord['student']>;

/** The pupil's record, as GET /api/users/:id answers the pupil. */
async function record(): Promise<Progress> {
  const base = inject('baseUrl');
  const signin = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: STUDENT.login, password: PASSWORD.student }),
  });
  expect(signin.status).toBe(200);
  const { id, accessToken } = (await signin.json()) as { id: string; accessToken: string };
  const res = await fetch(`${base}/api/users/${id}`, { headers: { authorization: `Bearer ${accessToken}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { student: Progress }).student;
}

/** The XP and level the home shows. */
const shownXp = (page: Page) => page.locator('li.stat--xp .stat__value').textContent();
const levelBadge = (page: Page, level: number) =>
  page.locator('.level__badge').getByText(tr(fr.STUDENT_HOME.LEVEL, { level }), { exact: true });

describe('the student home after a lesson', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('after a raid and Quit, the phone’s home shows the XP and the level earned', {
    timeout: 240_000,
  }, async () => {
    const before = await record();
    // The right answers it takes to reach the next level, with the defeat's bonus of a stopped raid.
    const needed = QUESTIONS.findIndex(
      (_, i) =>
        applyXp(
          before,
          raidReward({ correctAnswers: i + 1, victory: false }).xp,
          before.activeProfessorsCount,
        ).level > before.level,
    );
    const toPlay = needed === -1 ? QUESTIONS.length : needed + 1;

    // The pupil's home before the lesson.
    const phonePage = await newPage(browser, PHONE);
    contexts.push(phonePage.context);
    const phone = new PhonePage(phonePage.page);
    await new LoginPage(phone.page).signInTo(STUDENT.login, PASSWORD.student, '/student');
    await levelBadge(phone.page, before.level).waitFor();
    expect(await shownXp(phone.page)).toBe(String(before.xp));

    // The board of 5e B.
    const professor = await openBoard(browser, 'prof-demo', CLASS);
    contexts.push(professor.context);
    const { page, boardPath } = professor;
    const [, , , schoolclassId, subjectId] = boardPath.split('/');
    const board = new ProjectorPage(page);
    await board.className(CLASS).waitFor();

    // The phone joins from its home.
    await phone.waitForJoinCard(CLASS);
    await phone.joinLink(CLASS).click();
    await atPath(phone.page, `/student/live/${schoolclassId}/${subjectId}`);
    await phone.hello(STUDENT.firstName).waitFor();

    await board.raidMenu().click();
    await atPath(page, `${boardPath}/select-raid`);
    await board.raidButton(RAID_TITLE).click();
    await board.settingsPanel().waitFor();
    // The question ends once the only phone has answered (the board remembers the teacher's last
    // choice, which another file may have changed).
    await board.endEarly().check();
    await board.openLobby().click();
    await board.lobby().waitFor();
    await board.lobbyConnected(1).waitFor();
    await phone.lobby().waitFor();
    await board.beginButton().click();

    let right = 0;
    let victory = false;
    for (let i = 0; i < toPlay; i++) {
      await board.questionIndex(i + 1, QUESTIONS.length).waitFor();
      await phone.questionIndex(i + 1, QUESTIONS.length).waitFor();
      const shown = await phone.shown();
      const q = QUESTIONS.find((x) => x.text === shown.question);
      if (!q) throw new Error(`question not in the demo raid: ${shown.question}`);
      const good = q.answers.filter(([, ok]) => ok).map(([text]) => text);
      const letters = shown.answers.filter((a) => good.includes(a.source)).map((a) => a.letter);
      for (const l of letters) await phone.answer(l).click();
      if (letters.length > 1) await phone.validate(letters.length).click();
      await board.revealPanel().waitFor();
      await phone.right().waitFor();
      right++;
      if ((await board.hp()) === 0) {
        await board.nextButton(true).click();
        victory = true;
        break;
      }
      if (i < toPlay - 1) await board.nextButton(false).click();
    }
    if (!victory) await board.endRaid();
    await board.result().waitFor();

    const expected = applyXp(
      before,
      raidReward({ correctAnswers: right, victory }).xp,
      before.activeProfessorsCount,
    );
    await expect.poll(async () => (await record()).xp, { timeout: 10_000 }).toBe(expected.xp);
    const after = await record();
    expect(after.level).toBe(expected.level);
    if (after.level > before.level) {
      // The level-up moment, on the phone.
      await phone.page
        .getByText(tr(gameFr.PHONE.LEVEL_UP, { level: after.level }), { exact: true })
        .waitFor();
      await shot(phone.page, 'phone-level-up', false);
      // And on the board's result screen, by the pupil's row.
      await board
        .result()
        .getByTestId('result-level-up')
        .getByText(tr(gameFr.GAME.RESULT.LEVEL_UP, { level: after.level }), { exact: true })
        .waitFor();
    }

    // Quit: the phone goes home by itself, which shows the XP and level earned, without a reload.
    await board.backToBoard().click();
    await atPath(page, boardPath);
    let reloaded = false;
    phone.page.on('load', () => {
      reloaded = true;
    });
    await board.quit();
    await atPath(page, '/prof/select');
    await phone.closed().waitFor();
    await atPath(phone.page, '/student');
    await levelBadge(phone.page, after.level).waitFor();
    await expect.poll(() => shownXp(phone.page), { timeout: 5_000 }).toBe(String(after.xp));
    expect(after.xp).toBeGreaterThan(before.xp);
    expect(reloaded).toBe(false);
    await shot(phone.page, 'phone-home-after-lesson', false);
  });
});
