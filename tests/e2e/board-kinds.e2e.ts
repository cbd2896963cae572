// Issue 23 on the projector at the limits of each kind, at 3.5 and 1.25 rem on a 1440x1024 and a
// 1920x1080 board: a number question (200 characters with a formula, a 20-character unit, a relative
// tolerance), an order question (six items of 120 characters, formulas) and a text question (ten
// accepted answers of 80 characters), each with an explanation of 500 characters with formulas, the
// first two with an image. The question, the reveal and the revealed answers are measured as
// board-text-size.e2e.ts does: every line, formula and button on screen at once, nothing scrolled or
// clipped, no word broken, the text lowered no more than needed.
// The same raid, titled at its longest, on a phone held sideways (800x360, where the board's top bar
// keeps one row, its tools folded under Menu): its start panel, settings, lobby and result stay
// inside the screen, every control in reach (the screen walk's measure, layoutProblems), under a
// top bar of one row.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { QUESTION_MAX, RAID_TITLE_MAX } from '../../shared/constants';
import {
  ACCEPTED_ANSWER_MAX,
  ACCEPTED_MAX,
  EXPLANATION_MAX,
  ORDER_ITEMS_MAX,
  UNIT_MAX,
} from '../../shared/questions/kinds';
import { ANSWER_MAX } from '../../shared/schemas/raid';
import { api, fitOf, settled, unreadable, unreadableIfLarger } from './board-fit';
import { atPath, launch, newPage, shot } from './browser';
import { fr, tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { ProjectorPage } from './pages/projector';
import { layoutProblems } from './pages/screen-walk';

const PASSWORD = 'Craie-Verte-2026!';
// prof-sciences' 2nde A, as board-text-size.e2e.ts: left on its board, as found.
const CLASS = '2nde A';
// As long as a title may be: it wraps to many lines on a short window.
const RAID_TITLE = 'Toutes les sortes de questions au maximum : nombre, ordre et texte à écrire';
/** A phone held sideways: the screen under the board's top bar is about 190 px high. */
const SIDEWAYS = { width: 800, height: 360 };
const BOARDS = [
  { width: 1440, height: 1024 },
  { width: 1920, height: 1080 },
];
const SIZES = [3.5, 1.25];
const G = gameFr.GAME;

/** `text` repeated to exactly `n` characters, cut at a space and padded with a final word. */
function exactly(n: number, text: string): string {
  let out = text;
  while (out.length < n) out += ` ${text}`;
  out = out.slice(0, n);
  return out.endsWith(' ') ? `${out.slice(0, -1)}.` : out;
}

const EXPLANATION = exactly(
  EXPLANATION_MAX,
  'On part de $$v=\\frac{d}{t}$$ : la distance parcourue divisée par la durée du trajet, exprimée en heures décimales avant tout calcul. Ensuite on vérifie l’ordre de grandeur, puis l’unité demandée par l’énoncé.',
);
const NUMBER = {
  kind: 'number',
  text: exactly(
    QUESTION_MAX,
    'Un train parcourt 1 234,5 kilomètres en $$t=\\frac{37}{4}$$ heures sans jamais s’arrêter en gare. Quelle est sa vitesse moyenne, arrondie au dixième, sur ce très long trajet ?',
  ),
  equationMode: true,
  number: { value: -133456.789, tolerance: 0.05, toleranceMode: 'relative', unit: 'kilomètres par heure' },
  explanation: EXPLANATION,
};
const ORDER = {
  kind: 'order',
  text: exactly(
    QUESTION_MAX,
    'Rangez ces étapes du calcul de $$c=\\frac{a^2+b^2}{c}$$ dans l’ordre où un élève de seconde les écrit au tableau, de la toute première à la toute dernière ligne du raisonnement complet.',
  ),
  equationMode: true,
  answers: Array.from({ length: ORDER_ITEMS_MAX }, (_, i) => ({
    text: exactly(
      ANSWER_MAX,
      `Étape ${i + 1} : on écrit $$c^2=a^2+b^2$$ puis on remplace chaque longueur par sa valeur numérique mesurée sur la figure donnée.`,
    ),
    isCorrect: false,
  })),
  explanation: EXPLANATION,
};
const TEXT = {
  kind: 'text',
  text: exactly(
    QUESTION_MAX,
    'Comment appelle-t-on le côté opposé à l’angle droit dans un triangle rectangle où $$c^2=a^2+b^2$$ ? Écrivez le mot exact, avec ou sans accent, au singulier comme dans le cours.',
  ),
  equationMode: true,
  textAnswer: {
    accepted: Array.from({ length: ACCEPTED_MAX }, (_, i) =>
      exactly(
        ACCEPTED_ANSWER_MAX,
        `hypoténuse numéro ${i + 1} du triangle rectangle que l’on étudie en classe`,
      ),
    ),
    ignoreCase: true,
    ignoreAccents: true,
    allowTypo: false,
  },
  explanation: EXPLANATION,
};

describe('every kind of question on the board at every text size', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('a number, an order and a text question with their explanations fit at 3.5 and 1.25 rem on both boards', {
    timeout: 240_000,
  }, async () => {
    expect(RAID_TITLE).toHaveLength(RAID_TITLE_MAX);
    expect(NUMBER.text).toHaveLength(QUESTION_MAX);
    expect(NUMBER.number.unit).toHaveLength(UNIT_MAX);
    expect(EXPLANATION).toHaveLength(EXPLANATION_MAX);
    for (const a of ORDER.answers) expect(a.text).toHaveLength(ANSWER_MAX);
    const { accessToken: token } = await api('POST', '/auth/signin', null, {
      login: 'prof-sciences',
      password: PASSWORD,
    });
    // The explanation's image, uploaded as the raid form does.
    const form = new FormData();
    const png = readFileSync(path.resolve(import.meta.dirname, '../../assets/demo/triangle-rectangle.png'));
    form.append('image', new Blob([png], { type: 'image/png' }), 'triangle.png');
    const upload = await fetch(`${inject('baseUrl')}/api/raids/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { imagePath } = (await upload.json()) as { imagePath: string };
    const subjects = (await api('GET', '/subjects', null)) as { id: string; code: string }[];
    const subjectId = subjects.find((s) => s.code === 'PHYSICS_CHEMISTRY')?.id;
    const chapter = await api('POST', '/chapters', token, {
      name: 'Sortes de questions',
      level: 2,
      subjectId,
    });
    const raid = await api('POST', `/chapters/${chapter.id}/raids`, token, {
      title: RAID_TITLE,
      shared: false,
      questions: [
        { ...NUMBER, explanationImagePath: imagePath },
        { ...ORDER, explanationImagePath: imagePath },
        TEXT,
      ],
    });

    const professor = await newPage(browser, BOARDS[0]);
    contexts.push(professor.context);
    const { page } = professor;
    await professor.context.addInitScript(() => localStorage.setItem('gameFontSize', '3.5'));
    await new LoginPage(page).signInTo('prof-sciences', PASSWORD, '/gar-signup');
    await page.goto('/prof/select');
    await page.getByRole('link', { name: tr(fr.PROF_HOME.PLAY_WITH, { name: CLASS }) }).click();
    await page.waitForURL((u) => /^\/prof\/game\/[^/]+\/[^/]+$/.test(u.pathname));
    const boardPath = new URL(page.url()).pathname;
    const board = new ProjectorPage(page);
    const wasPaused = await board.ready(CLASS);

    /** What a teacher cannot reach on the screen shown now, once the window is a phone held sideways. */
    const sideways = async (screen: string) => {
      await page.setViewportSize(SIDEWAYS);
      await settled(page);
      const problems = (await layoutProblems(page)).map((p) => `${screen} at 800x360: ${p}`);
      // The top bar keeps one row (its tools folded under Menu): the screen keeps the rest.
      const bar = await page.locator('.proj-top').boundingBox();
      if (!bar || bar.height > 80)
        problems.push(`${screen} at 800x360: the top bar is ${bar?.height} px high`);
      await shot(page, `board-kind-sideways-${screen}`, false);
      await page.setViewportSize(BOARDS[0]);
      return problems;
    };

    // The raid's start screen (its address, before anything runs), loaded on the phone: the panel,
    // its title of 75 characters wrapped, lies inside the window and its button is in reach.
    await page.setViewportSize(SIDEWAYS);
    await page.goto(`${boardPath}/${raid.id}/raid`);
    await board.ready(CLASS);
    await page.getByRole('heading', { name: RAID_TITLE }).waitFor();
    await page.getByRole('button', { name: G.RAID.START }).waitFor();
    await settled(page);
    const start = await page.locator('.start-raid').boundingBox();
    expect(start && start.y >= 0 && start.y + start.height <= SIDEWAYS.height, JSON.stringify(start)).toBe(
      true,
    );
    expect(await sideways('start')).toEqual([]);
    await board.toolsBackToBoard().click();
    await atPath(page, boardPath);

    await board.raidMenu().click();
    await atPath(page, `${boardPath}/select-raid`);
    await board.raidButton(RAID_TITLE).click();
    // No clock, every question asked: nobody answers, the teacher reveals each one.
    await board.settingsPanel().waitFor();
    await board.questionTime().selectOption('none');
    const askAll = board.settingsPanel().getByRole('checkbox', { name: G.SETTINGS.ASK_ALL });
    if (!(await askAll.isChecked())) await askAll.check();
    expect(await sideways('settings')).toEqual([]);
    await board.openLobby().scrollIntoViewIfNeeded();
    await board.openLobby().click();
    await page.waitForURL((u) => u.pathname.endsWith('/raid'));
    await board.lobby().waitFor();
    expect(await sideways('lobby')).toEqual([]);
    await board.beginButton().scrollIntoViewIfNeeded();
    await board.beginButton().click();
    await board.questionHeading().waitFor();

    /**
     * Every board size at every text size, on the screen shown now. A step of the text size (A− / A+)
     * fits the board again, the slowest step of the measure: the text sizes go from the one shown
     * towards the other end, each on both boards, so the size crosses its range once per screen
     * instead of four times.
     */
    const everySize = async (question: string, screen: string) => {
      const problems: string[] = [];
      const now = await board.textSize();
      for (const rem of [...SIZES].sort((a, b) => Math.abs(a - now) - Math.abs(b - now))) {
        await board.setTextSize(rem);
        for (const size of BOARDS) {
          await page.setViewportSize(size);
          // The board fits itself again a frame after the window's size changes.
          await settled(page);
          await page.locator('.raid__main .katex').first().waitFor();
          await settled(page);
          const at = `${question}, ${screen}, ${size.width}x${size.height}, ${rem} rem`;
          for (const p of await unreadable(page, '.raid')) problems.push(`${at}: ${p}`);
          if ((await fitOf(page)) < 1 && (await unreadableIfLarger(page)).length === 0)
            problems.push(`${at}: the text is lowered more than needed (fit ${await fitOf(page)})`);
          await shot(page, `board-kind-${question}-${screen}-${size.width}x${size.height}-${rem}rem`, false);
        }
      }
      return problems;
    };

    const kinds = ['number', 'order', 'text'] as const;
    for (const [i, kind] of kinds.entries()) {
      if (i > 0) {
        await page.getByRole('button', { name: G.RAID.NEXT, exact: true }).click();
        await board.questionIndex(i + 1, kinds.length).waitFor();
      }
      await board.revealButton().waitFor();
      if (kind === 'order') expect(await board.answers().count()).toBe(ORDER_ITEMS_MAX);
      else await page.getByTestId('typed-count').waitFor();
      const problems = await everySize(kind, 'question');
      await board.revealButton().click();
      await board.revealPanel().waitFor();
      await page
        .getByTestId(kind === 'text' ? 'typed-right' : 'explanation')
        .first()
        .waitFor();
      problems.push(...(await everySize(kind, 'reveal')));
      await board.seeAnswers().click();
      await board.revealPanel().waitFor({ state: 'detached' });
      problems.push(...(await everySize(kind, 'answers')));
      expect(problems).toEqual([]);
    }

    // The raid ends and the board comes back, as board-text-size.e2e.ts expects to find it.
    await board.endRaid();
    await board.result().waitFor();
    expect(await sideways('result')).toEqual([]);
    await board.backToBoard().scrollIntoViewIfNeeded();
    await board.backToBoard().click();
    await atPath(page, boardPath);
    if (wasPaused) await board.pauseButton().click();
  });
});
