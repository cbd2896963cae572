// The teacher's projector: /prof/game/:schoolclassId/:subjectId and its children (board,
// select-raid, raid). The Pixi scene is a canvas hidden from assistive technology: the page object
// reads the DOM that repeats it (the roster list, counts, the answers' letters).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, newPage, PHONE } from '../browser';
import { fr, tr } from './fr';
import { gameFr } from './game-fr';
import { LoginPage } from './login';
import { PhonePage } from './phone';

const G = gameFr.GAME;

/** The demo teachers' password (server/db/demo). */
export const PROFESSOR_PASSWORD = 'Craie-Verte-2026!';
/** The demo pupils' password (server/db/demo). */
export const STUDENT_PASSWORD = 'Cartable-Bleu-7!';
/** A board's path: /prof/game/:schoolclassId/:subjectId (no screen after it). */
export const isBoardPath = (u: URL) => /^\/prof\/game\/[^/]+\/[^/]+$/.test(u.pathname);

/** From the teacher's home (signed in): "Play" on `className`, and the board's path once it is open. */
export async function playWith(page: Page, className: string): Promise<string> {
  await page.getByRole('link', { name: tr(fr.PROF_HOME.PLAY_WITH, { name: className }) }).click();
  await page.waitForURL(isBoardPath);
  return new URL(page.url()).pathname;
}

/**
 * A teacher's board in a browser of its own: signs `login` in, plays with `className` and answers the
 * page on the board with its path. `landing`: where the sign-in lands (a teacher without a character
 * lands on its set-up, left undone, then goes home); `prepare` runs on the new context before anything.
 */
export async function openBoard(
  browser: Browser,
  login: string,
  className: string,
  opts: {
    viewport?: { width: number; height: number };
    landing?: string;
    prepare?: (context: BrowserContext, page: Page) => Promise<void> | void;
  } = {},
): Promise<{ context: BrowserContext; page: Page; boardPath: string }> {
  const { context, page } = await newPage(browser, opts.viewport ?? DESKTOP);
  await opts.prepare?.(context, page);
  const landing = opts.landing ?? '/prof/select';
  await new LoginPage(page).signInTo(login, PROFESSOR_PASSWORD, landing);
  if (landing !== '/prof/select') await page.goto('/prof/select');
  return { context, page, boardPath: await playWith(page, className) };
}

/** A pupil's phone (360x800) in a browser of its own, signed in as `login`, on the student home. */
export async function openPhone(
  browser: Browser,
  login: string,
): Promise<{ context: BrowserContext; phone: PhonePage }> {
  const { context, page } = await newPage(browser, PHONE);
  await new LoginPage(page).signInTo(login, STUDENT_PASSWORD, '/student');
  return { context, phone: new PhonePage(page) };
}

export class ProjectorPage {
  constructor(readonly page: Page) {}

  readonly root = () => this.page.getByTestId('projector');
  readonly className = (name: string) => this.page.getByRole('heading', { name, level: 1, exact: true });
  readonly worldIcon = () => this.page.locator('.proj-top__icon');
  readonly connectedCount = (count: number, total: number) =>
    this.page.getByTestId('connected-count').getByText(tr(G.CONNECTED, { count, total }), { exact: true });
  /** The screen-reader list of the class on the board: one item per student, "connecté" or "absent". */
  readonly roster = () => this.page.getByRole('list', { name: G.STUDENTS });
  readonly rosterEntry = (label: string) => this.roster().getByRole('listitem').filter({ hasText: label });
  readonly presentEntry = (label: string) =>
    this.rosterEntry(label).and(this.page.locator('[data-connected="true"]'));

  // Board → select-raid → raid.
  readonly activities = () => this.page.getByRole('navigation', { name: G.MENU.TITLE });
  readonly raidMenu = () => this.activities().getByRole('link', { name: G.MENU.RAID });
  readonly selectRaidHeading = () => this.page.getByRole('heading', { name: G.SELECT_RAID.TITLE });
  readonly raidButton = (title: string) => this.page.getByRole('button', { name: title });

  // The raid's settings, then its lobby.
  readonly settingsPanel = () => this.page.getByTestId('raid-settings');
  readonly questionTime = () => this.settingsPanel().getByRole('combobox', { name: G.SETTINGS.TIME });
  readonly endEarly = () => this.settingsPanel().getByRole('checkbox', { name: G.SETTINGS.END_EARLY });
  readonly openLobby = () => this.settingsPanel().getByRole('button', { name: G.SETTINGS.OPEN_LOBBY });
  readonly lobby = () => this.page.getByTestId('raid-lobby');
  readonly lobbyConnected = (count: number) =>
    this.lobby().getByText(tr(count === 1 ? G.LOBBY.CONNECTED_one : G.LOBBY.CONNECTED_other, { count }), {
      exact: true,
    });
  readonly beginButton = () => this.lobby().getByRole('button', { name: G.LOBBY.BEGIN });
  /** Quit, on the board's top bar: ends the lesson. */
  readonly quitButton = () =>
    this.page.getByRole('navigation', { name: G.TOOLS }).getByRole('button', { name: G.QUIT, exact: true });
  readonly endRaidButton = () => this.page.getByRole('button', { name: G.RAID.END, exact: true });
  /** The teacher's text size, a step down or up (A− / A+ in the top bar, named by their visible text). */
  readonly fontSmaller = () => this.page.getByRole('button', { name: `A− ${G.FONT_SMALLER}` });
  readonly fontBigger = () => this.page.getByRole('button', { name: `A+ ${G.FONT_BIGGER}` });
  readonly pickMenu = () => this.activities().getByRole('link', { name: G.MENU.PICK });
  /** The board's own confirmation (a native modal <dialog>, not the browser's confirm box). */
  readonly confirmDialog = () =>
    this.page.getByRole('dialog').filter({ has: this.page.locator('.proj-confirm__text') });
  /** Stop the raid, and say yes in the board's confirmation. */
  async endRaid() {
    await this.endRaidButton().click();
    await this.confirmDialog().getByRole('button', { name: G.RAID.END, exact: true }).click();
    await this.confirmDialog().waitFor({ state: 'hidden' });
  }
  /** Quit the lesson, and say yes in the board's confirmation. */
  async quit() {
    await this.quitButton().click();
    await this.confirmDialog().getByRole('button', { name: G.CLOSE_CONFIRM_BUTTON, exact: true }).click();
  }

  // A raid question.
  readonly questionIndex = (index: number, count: number) =>
    this.page.getByText(tr(G.RAID.QUESTION_OF, { index, count }), { exact: true });
  readonly questionHeading = () => this.page.locator('#raid-question');
  readonly answeredCount = (count: number, total: number) =>
    this.page.getByTestId('answered-count').getByText(tr(G.RAID.ANSWERED, { count, total }), { exact: true });
  readonly timer = () => this.page.getByRole('timer');
  readonly answers = () => this.page.getByTestId('answer');
  readonly revealButton = () => this.page.getByRole('button', { name: G.RAID.REVEAL });
  readonly bossHp = () => this.page.getByTestId('boss-hp');

  // The reveal.
  readonly revealPanel = () => this.page.getByTestId('reveal');
  readonly share = (percent: number) =>
    this.revealPanel().getByRole('heading', { name: tr(G.RAID.SHARE, { percent }) });
  readonly damage = (damage: number) =>
    this.revealPanel().getByText(
      damage === 0
        ? G.RAID.DAMAGE_zero
        : tr(damage === 1 ? G.RAID.DAMAGE_one : G.RAID.DAMAGE_other, { count: damage }),
      { exact: true },
    );
  readonly correctAnswers = () => this.page.locator('[data-testid="answer"][data-correct="true"]');
  /** Closes the reveal's panel: the question again, its answers marked. */
  readonly seeAnswers = () => this.revealPanel().getByRole('button', { name: G.RAID.SEE_ANSWERS });
  readonly nextButton = (last: boolean) =>
    this.revealPanel().getByRole('button', { name: last ? G.RAID.FINISH : G.RAID.NEXT });

  // The end.
  readonly result = () => this.page.getByTestId('result');
  readonly victory = () => this.result().getByRole('heading', { name: G.RESULT.VICTORY });
  readonly gainRow = (label: string) => this.result().getByRole('listitem').filter({ hasText: label });
  readonly backToBoard = () => this.result().getByRole('button', { name: G.BACK_TO_BOARD });
  /** The raid's report, opened in a new tab of the teacher's admin view. */
  readonly openReport = () => this.result().getByRole('link', { name: G.RESULT.OPEN_REPORT });
  readonly pauseButton = () =>
    this.page.getByRole('navigation', { name: G.TOOLS }).getByRole('button', { name: G.PAUSE, exact: true });
  readonly pausedDialog = () => this.page.getByRole('dialog', { name: G.PAUSED_TITLE });
  readonly resumeButton = () => this.pausedDialog().getByRole('button', { name: G.RESUME });
  /** The top bar's way back to the board from an activity's screen. */
  readonly toolsBackToBoard = () =>
    this.page.getByRole('navigation', { name: G.TOOLS }).getByRole('button', { name: G.BACK_TO_BOARD });

  /**
   * The board of `name`, ready to use: its heading shows (the room's first snapshot is in, paused or
   * not), and a room that another file left paused is resumed. Says whether it was paused, so the
   * file can leave it as it found it.
   */
  async ready(name: string): Promise<boolean> {
    await this.className(name).waitFor();
    if (!(await this.pausedDialog().isVisible())) return false;
    await this.resumeButton().click();
    await this.pausedDialog().waitFor({ state: 'detached' });
    return true;
  }

  /** The board's text size now (rem). */
  textSize(): Promise<number> {
    return this.page.evaluate(() =>
      Number.parseFloat(
        getComputedStyle(document.querySelector('.projector') as Element).getPropertyValue('--game-font'),
      ),
    );
  }

  /** The board's text size (rem), stepped with A− / A+ until it is `rem`. */
  async setTextSize(rem: number) {
    const current = () => this.textSize();
    for (let now = await current(); Math.abs(now - rem) > 0.01; now = await current()) {
      await (now > rem ? this.fontSmaller() : this.fontBigger()).click();
    }
  }

  /** The letters (A, B, …) of the answers the board marks correct after the reveal. */
  async correctLetters(): Promise<string[]> {
    return (await this.correctAnswers().locator('.answer__letter').allTextContents()).map((s) => s.trim());
  }

  /** "12 / 90 PV": the boss's hit points left. */
  async hp(): Promise<number> {
    const m = /(\d+)/.exec((await this.bossHp().textContent()) ?? '');
    if (!m) throw new Error('no boss HP on the board');
    return Number(m[1]);
  }
}
