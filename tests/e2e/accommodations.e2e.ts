// Issue 24: a pupil's support plan in a live raid. prof-demo sets a pupil's accommodations from the
// pupil's row of the class page (+1/3 extra time, read-aloud, reading-friendly display); in a raid of
// 10-second questions, that pupil's phone (360x800) reads the question aloud when tapped (the
// browser's speechSynthesis is stubbed: the test checks what it is asked to say), shows the
// reading-friendly display, and still takes the answer after the class's time while the board
// (1440x1024) shows "Temps supplémentaire · 1 élève répond encore", with no name and nothing of who has
// what in what it shows or receives; "end when all answered" reveals once that pupil answers. axe finds
// nothing serious on those phone screens. Then a pupil switches read-aloud, the reading display and
// fewer animations on in Options (no extra time there) and gets them on homework.
// eleve24 of 5e B, whom no other browser test uses (the teacher clears the plan at the end).
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import classesFr from '../../client/src/i18n/locales/fr/classes.json';
import studentFr from '../../client/src/i18n/locales/fr/student.json';
import { spokenText } from '../../client/src/lib/speech';
import { DEMO_CHAPTERS, STUDENT_NAMES } from '../../server/db/demo/raids';
import { atPath, DESKTOP, launch, newPage, PHONE, scrollWidth, shot } from './browser';
import { fr, tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { PhonePage } from './pages/phone';
import { ProjectorPage } from './pages/projector';
import { axeProblems } from './pages/screen-walk';

const PASSWORD = { professor: 'Craie-Verte-2026!', student: 'Cartable-Bleu-7!' };
const CLASS = '5e B';
const RAID_TITLE = 'Les fractions';
const A = classesFr.ACCOMMODATIONS;
const D = studentFr.STUDENT.DISPLAY;
const G = gameFr.GAME;
const pupil = (n: number) => {
  const [firstName, lastName] = STUDENT_NAMES[n - 1];
  return { login: `eleve${n}`, firstName, lastName, label: `${firstName} ${lastName.slice(0, 1)}.` };
};
/** +1/3, read-aloud, reading-friendly display set by the teacher; then switches the display on alone. */
const PLAN = pupil(24);
const RAID = DEMO_CHAPTERS.flatMap((c) => c.raids).find((r) => r.title === RAID_TITLE);
if (!RAID) throw new Error(`no demo raid ${RAID_TITLE}`);
const QUESTIONS = RAID.questions;

/**
 * The phone's speech synthesis, replaced before the app loads: one French voice, and what the app
 * asks it to say kept in `window.__spoken` (headless Chromium has no voice of its own).
 */
const SPEECH_STUB = () => {
  const w = window as unknown as { __spoken: { text: string; lang: string }[] };
  w.__spoken = [];
  const voice = { name: 'Test (fr)', lang: 'fr-FR', default: true, localService: true, voiceURI: 'test-fr' };
  class Utterance {
    lang = '';
    voice: unknown = null;
    rate = 1;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(readonly text: string) {}
  }
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: Utterance, configurable: true });
  Object.defineProperty(window, 'speechSynthesis', {
    configurable: true,
    value: {
      getVoices: () => [voice],
      speak: (u: Utterance) => {
        w.__spoken.push({ text: u.text, lang: u.lang });
        setTimeout(() => u.onend?.(), 200);
      },
      cancel: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
    },
  });
};

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: { text: string; lang: string }[] }).__spoken);

/** The reading display as the page draws it: the body's font, spacing and the font really loaded. */
const reading = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    const body = getComputedStyle(document.body);
    const question = document.getElementById('question-text') ?? document.querySelector('h1, h2');
    const q = question ? getComputedStyle(question) : body;
    return {
      attr: document.documentElement.dataset.reading ?? null,
      fontFamily: body.fontFamily,
      fontLoaded: document.fonts.check('16px OpenDyslexic'),
      letterSpacing: Number.parseFloat(q.letterSpacing) || 0,
      wordSpacing: Number.parseFloat(q.wordSpacing) || 0,
      lineRatio: Number.parseFloat(q.lineHeight) / Number.parseFloat(q.fontSize),
      rootFontSize: Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
      textAlign: q.textAlign,
      fontStyle: q.fontStyle,
    };
  });

/** Elements running past the phone's right edge (empty when the page does not scroll sideways). */
const pastTheEdge = (page: Page) =>
  page.evaluate((width) => {
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > width + 0.5 && r.width > 0)
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${Math.round(r.right)}`);
    }
    return out.slice(0, 8);
  }, PHONE.width);

/** The class page in a new tab of the teacher: the pupil's row → Aménagements, `fill`, Save. */
async function onPupilRow(
  context: BrowserContext,
  schoolclassId: string,
  fill: (d: Locator) => Promise<void>,
) {
  const admin = await context.newPage();
  await admin.goto(`/prof/administration/class/${schoolclassId}`);
  const name = `${PLAN.firstName} ${PLAN.lastName}`;
  const row = admin
    .getByRole('table')
    .getByRole('row')
    .filter({ has: admin.getByRole('rowheader', { name: PLAN.lastName, exact: true }) });
  await row.getByRole('button', { name: tr(A.OPEN_FOR, { name }) }).click();
  const dialog = admin.getByRole('dialog', { name: tr(A.TITLE, { name }) });
  await fill(dialog);
  await dialog.getByRole('button', { name: A.SAVE, exact: true }).click();
  await admin.getByText(tr(A.SAVED, { name }), { exact: true }).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await admin.close();
}

async function signIn(login: string, password: string) {
  const res = await fetch(`${inject('baseUrl')}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { accessToken: string; studentId: string | null };
}

describe('a pupil with a support plan in a live raid, without the class knowing', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let schoolclassId = '';
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
    // The file leaves the pupils as it found them: no accommodations.
    const base = inject('baseUrl');
    const professor = await signIn('prof-demo', PASSWORD.professor);
    for (const p of [PLAN]) {
      const s = await signIn(p.login, PASSWORD.student);
      if (!s.studentId || !schoolclassId) continue;
      await fetch(`${base}/api/schoolclasses/${schoolclassId}/students/${s.studentId}/accommodations`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${professor.accessToken}` },
        body: JSON.stringify({
          extraTime: 'none',
          readAloud: false,
          readingFriendly: false,
          fewerAnimations: false,
        }),
      });
    }
  });

  test('the teacher sets them on the pupil’s row; the phone reads aloud, reads easily and has its extra time; the board shows only a count', {
    timeout: 240_000,
  }, async () => {
    // The board of 5e B; every frame it receives is kept.
    const professor = await newPage(browser, DESKTOP);
    contexts.push(professor.context);
    const boardFrames: string[] = [];
    professor.page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => boardFrames.push(String(f.payload))),
    );
    await new LoginPage(professor.page).signInTo('prof-demo', PASSWORD.professor, '/prof/select');
    await professor.page.getByRole('link', { name: tr(fr.PROF_HOME.PLAY_WITH, { name: CLASS }) }).click();
    await professor.page.waitForURL((u) => /^\/prof\/game\/[^/]+\/[^/]+$/.test(u.pathname));
    const boardPath = new URL(professor.page.url()).pathname;
    [, , , schoolclassId] = boardPath.split('/');
    const subjectId = boardPath.split('/')[4];
    const board = new ProjectorPage(professor.page);
    await board.ready(CLASS);

    // The class page, in another tab: the pupil's row → Aménagements.
    await onPupilRow(professor.context, schoolclassId, async (dialog) => {
      await dialog.getByRole('radio', { name: A.EXTRA.third }).check();
      await dialog.getByRole('checkbox', { name: A.READ_ALOUD }).check();
      await dialog.getByRole('checkbox', { name: A.READING }).check();
      await shot(dialog.page(), 'accommodations-1-dialog');
    });

    // The pupil's phone joins.
    const planFrames: string[] = [];
    const phonePage = await newPage(browser, PHONE);
    contexts.push(phonePage.context);
    await phonePage.context.addInitScript(SPEECH_STUB);
    phonePage.page.on('websocket', (ws) => ws.on('framereceived', (f) => planFrames.push(String(f.payload))));
    await new LoginPage(phonePage.page).signInTo(PLAN.login, PASSWORD.student, '/student');
    const plan = new PhonePage(phonePage.page);
    await plan.waitForJoinCard(CLASS);
    await plan.joinLink(CLASS).click();
    await atPath(plan.page, `/student/live/${schoolclassId}/${subjectId}`);
    await plan.hello(PLAN.firstName).waitFor();

    // A raid of 10-second questions that ends each question when all have answered.
    await board.raidMenu().click();
    await atPath(professor.page, `${boardPath}/select-raid`);
    await board.raidButton(RAID_TITLE).click();
    await board.settingsPanel().waitFor();
    await board.questionTime().selectOption('10');
    await board.endEarly().check();
    await board.openLobby().click();
    await board.lobby().waitFor();
    await board.lobbyConnected(1).waitFor();
    await plan.lobby().waitFor();
    await board.beginButton().click();

    const count = QUESTIONS.length;
    await board.questionIndex(1, count).waitFor();
    await plan.questionIndex(1, count).waitFor();
    const shown = await plan.shown();
    const q = QUESTIONS.find((x) => x.text === shown.question);
    if (!q) throw new Error(`question not in the demo raid: ${shown.question}`);
    const right = q.answers.filter(([, ok]) => ok).map(([text]) => text);
    const letters = shown.answers.filter((a) => right.includes(a.source)).map((a) => a.letter);

    // The pupil with the plan: the read-aloud button reads the question, then each answer with its
    // letter, in French, formulas in words; only when tapped.
    const read = plan.page.getByTestId('read-aloud');
    await read.getByText(fr.READ_ALOUD.READ).waitFor();
    expect(await spoken(plan.page)).toEqual([]);
    await read.click();
    await expect.poll(() => spoken(plan.page)).toHaveLength(1);
    const [said] = await spoken(plan.page);
    const expected = [shown.question, ...shown.answers.map((a) => `${a.letter} : ${a.source}`)]
      .map((p) => spokenText(p, 'fr'))
      .join('. ');
    expect(said).toEqual({ text: expected, lang: 'fr-FR' });
    expect(said.text).toMatch(/^Combien vaut /);
    expect(said.text).not.toMatch(/[$\\{}]/);
    // The reading-friendly display: OpenDyslexic (shipped, loaded), larger and spaced, left aligned.
    const friendly = await reading(plan.page);
    expect(friendly).toMatchObject({
      attr: 'friendly',
      fontLoaded: true,
      textAlign: 'left',
      fontStyle: 'normal',
    });
    expect(friendly.fontFamily).toMatch(/^"?OpenDyslexic/);
    expect(friendly.rootFontSize).toBeGreaterThan(16);
    expect(friendly.letterSpacing).toBeGreaterThan(0);
    expect(friendly.wordSpacing).toBeGreaterThan(0);
    expect(friendly.lineRatio).toBeGreaterThanOrEqual(1.5);
    expect(await pastTheEdge(plan.page)).toEqual([]);
    expect(await scrollWidth(plan.page)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeProblems(plan.page)).toEqual([]);
    await shot(plan.page, 'accommodations-2-phone-question', false);

    // The class's 10 s are out: the board shows the extra time and how many still answer, no name.
    const banner = professor.page.getByTestId('extra-time');
    await banner.waitFor({ timeout: 20_000 });
    const bannerText = (await banner.textContent()) ?? '';
    expect(bannerText).toBe(`${G.RAID.EXTRA_TIME} ${tr(G.RAID.EXTRA_ANSWERING_one, { count: 1 })}`);
    const boardText = await professor.page.evaluate(() => document.body.textContent ?? '');
    for (const p of [PLAN]) {
      expect(bannerText).not.toContain(p.firstName);
      expect(bannerText).not.toContain(p.lastName);
    }
    for (const label of [A.OPEN, A.EXTRA.third, A.EXTRA.half, A.EXTRA.double, A.READ_ALOUD, A.READING])
      expect(boardText).not.toContain(label);
    await shot(professor.page, 'accommodations-3-board-extra-time', false);

    // The pupil still answers, and it counts: "end when all answered" reveals.
    await shot(plan.page, 'accommodations-4-phone-extra-time', false);
    for (const l of letters) await plan.answer(l).click();
    if (letters.length > 1) await plan.validate(letters.length).click();
    await board.revealPanel().waitFor();
    await board.share(100).waitFor();
    await banner.waitFor({ state: 'detached' });
    await plan.right().waitFor();
    expect(await axeProblems(plan.page)).toEqual([]);
    await shot(plan.page, 'accommodations-5-phone-revealed', false);

    // What the board received: the end of the extra time, never who has it or how much.
    const boardData = boardFrames.join('\n');
    expect(boardData).toContain('extraUntil');
    expect(boardData).not.toContain('extraTime');
    expect(boardData).not.toContain('"third"');
    expect(boardData).not.toMatch(/readAloud|readingFriendly|fewerAnimations/);
    // The pupil's phone receives its own extra time.
    expect(planFrames.join('\n')).toContain('"extraTime":"third"');

    await board.endRaid();
    await board.result().waitFor();
    await board.backToBoard().click();
    await atPath(professor.page, boardPath);
    await board.quit();
    await atPath(professor.page, '/prof/select');

    // The teacher clears the plan on the same row: nothing kept.
    await onPupilRow(professor.context, schoolclassId, async (dialog) => {
      await dialog.getByRole('radio', { name: A.EXTRA.none }).check();
      await dialog.getByRole('checkbox', { name: A.READ_ALOUD }).uncheck();
      await dialog.getByRole('checkbox', { name: A.READING }).uncheck();
    });
  });

  test('a pupil switches read-aloud, the reading display and fewer animations in Options, and has them on homework', {
    timeout: 120_000,
  }, async () => {
    const { context, page } = await newPage(browser, PHONE);
    contexts.push(context);
    await context.addInitScript(SPEECH_STUB);
    await new LoginPage(page).signInTo(PLAN.login, PASSWORD.student, '/student');
    await page.goto('/student/account');
    const display = page.getByRole('region', { name: D.TITLE });
    await display.waitFor();
    // Three switches, none of them extra time (only a teacher sets that).
    expect(await display.getByRole('checkbox').count()).toBe(3);
    expect(await display.textContent()).not.toMatch(/temps/i);
    for (const label of [D.READ_ALOUD, D.READING, D.CALM]) {
      const box = display.getByRole('checkbox', { name: label });
      // Saved at once: the switch shows on once the server has it.
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
      await expect.poll(() => box.isEnabled()).toBe(true);
    }
    expect(await axeProblems(page)).toEqual([]);
    await shot(page, 'accommodations-6-options', false);

    // Saved: a new visit to the homework list shows the reading display, with fewer animations.
    await page.goto('/student/raid-list');
    const list = page.getByRole('list', { name: studentFr.STUDENT.RAIDS.TITLE });
    await list.waitFor();
    const listed = await reading(page);
    expect(listed).toMatchObject({ attr: 'friendly', fontLoaded: true, textAlign: 'left' });
    expect(listed.fontFamily).toMatch(/^"?OpenDyslexic/);
    expect(await page.evaluate(() => document.documentElement.dataset.motion)).toBe('reduced');
    await shot(page, 'accommodations-7-homework-list', false);
    expect(await pastTheEdge(page)).toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeProblems(page)).toEqual([]);

    // A homework: the same display, and the read-aloud button reads its question.
    await list.getByRole('link').first().click();
    await page.waitForURL(/\/student\/raid\/[^/]+\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/);
    const read = page.getByTestId('read-aloud');
    await read.waitFor();
    const played = await reading(page);
    expect(played).toMatchObject({ attr: 'friendly', fontLoaded: true });
    // The question itself, a heading, in the same font and spacing.
    const heading = await page.locator('.homework-question__text').evaluate((el) => {
      const s = getComputedStyle(el);
      return { font: s.fontFamily, spacing: Number.parseFloat(s.letterSpacing) || 0 };
    });
    expect(heading.font).toMatch(/^"?OpenDyslexic/);
    expect(heading.spacing).toBeGreaterThan(0);
    await read.click();
    await expect.poll(async () => (await spoken(page)).length).toBe(1);
    expect((await spoken(page))[0].lang).toBe('fr-FR');
    await shot(page, 'accommodations-8-homework-play', false);
    expect(await pastTheEdge(page)).toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeProblems(page)).toEqual([]);
  });
});
