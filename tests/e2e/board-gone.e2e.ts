// Issue 21, item 7: a board that disappears without Quit (a browser crash, a projector laptop closed).
// prof-demo opens the board of 5e B (1440x1024) and the page is closed; a pupil's phone (360x800,
// eleve16, whom no other browser test uses) shows the live game as joinable during the grace, then
// as waiting for the teacher (docs/decisions.md: 30 s of grace, the server's BOARD_GRACE_MS; the
// grace runs on the server's clock, so the test waits for the state the home reaches, not for a
// time), and joining says the same. When the board comes back the phone left waiting gets in by
// itself, and the home offers the game again; Quit ends the lesson.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STUDENT_NAMES } from '../../server/db/demo/raids';
import { atPath, launch, shot } from './browser';
import { tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { openBoard, openPhone, ProjectorPage } from './pages/projector';

const CLASS = '5e B';
const N = 16;
const STUDENT = { login: `eleve${N}`, firstName: STUDENT_NAMES[N - 1][0] };
const P = gameFr.PHONE;
/** The server's grace (30 s), the home's push or 15 s poll after it, and a margin. */
const PAST_GRACE_MS = 60_000;
/** The server's push to a waiting phone once the board is back, with a margin on a busy machine. */
const REJOIN_MS = 5_000;

describe('a board that disappears without Quit', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('after the grace the home shows the game as waiting for the teacher, and it comes back with the board', {
    timeout: 240_000,
  }, async () => {
    const { context, phone } = await openPhone(browser, STUDENT.login);
    contexts.push(context);

    // The board of 5e B opens the room.
    const professor = await openBoard(browser, 'prof-demo', CLASS);
    contexts.push(professor.context);
    const { boardPath } = professor;
    const [, , , schoolclassId, subjectId] = boardPath.split('/');
    await new ProjectorPage(professor.page).className(CLASS).waitFor();
    await phone.waitForJoinCard(CLASS);

    // The board's page goes away without Quit.
    await professor.page.close();
    // Within the grace (a reload, a Wi-Fi blip) the home still offers the game.
    const rooms = phone.page.waitForResponse((r) => r.url().endsWith('/api/game/rooms/live'));
    await phone.page.reload();
    const listed = (await (await rooms).json()) as { className: string; waiting?: boolean }[];
    const room = listed.find((r) => r.className === CLASS);
    expect(room).toBeDefined();
    expect(room?.waiting).toBeUndefined();
    await phone.joinLink(CLASS).waitFor();

    // After the grace the same home, not reloaded, shows the game as waiting for the teacher.
    const waiting = phone.page.getByTestId('live-waiting');
    await waiting.waitFor({ timeout: PAST_GRACE_MS });
    await waiting.getByText(P.WAITING_TITLE, { exact: true }).waitFor();
    await waiting.getByText(tr(P.JOIN_LIVE, { className: CLASS }), { exact: true }).waitFor();
    expect(await phone.joinLink(CLASS).count()).toBe(0);
    expect(await phone.page.getByRole('region', { name: P.LIVE_NOW }).getByRole('link').count()).toBe(0);
    await shot(phone.page, 'phone-home-board-gone', false);

    // Opened by its address, the game does not let the phone in either: it waits for the teacher.
    await phone.page.goto(`/student/live/${schoolclassId}/${subjectId}`);
    await phone.page.getByRole('heading', { name: P.WAITING_TITLE, level: 1 }).waitFor();
    await phone.page.getByText(P.WAITING_TEXT, { exact: true }).waitFor();
    expect(await phone.hello(STUDENT.firstName).count()).toBe(0);
    await shot(phone.page, 'phone-live-board-gone', false);

    // The teacher opens the board again: the phone left waiting gets in by itself, told by the
    // server's push (its own retry, every 10 s, is the slow way: the wait stays well under it).
    const back = await professor.context.newPage();
    await back.goto(boardPath);
    const board = new ProjectorPage(back);
    await board.className(CLASS).waitFor();
    await phone.hello(STUDENT.firstName).waitFor({ timeout: REJOIN_MS });
    // And the home offers the game again.
    await phone.page.goto('/student');
    await phone.waitForJoinCard(CLASS);
    await phone.joinLink(CLASS).click();
    await atPath(phone.page, `/student/live/${schoolclassId}/${subjectId}`);
    await phone.hello(STUDENT.firstName).waitFor();

    // Quit ends the lesson; the phone goes home, where no game is offered.
    await board.quit();
    await atPath(back, '/prof/select');
    await phone.closed().waitFor();
    await atPath(phone.page, '/student');
    await phone.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await phone.page.getByTestId('live-waiting').count()).toBe(0);
    expect(await phone.joinLink(CLASS).count()).toBe(0);
  });
});
