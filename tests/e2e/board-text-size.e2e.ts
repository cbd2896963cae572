// The board at every text size (1.25 to 3.5 rem) on a 1440x1024 and a 1920x1080 projector, with a
// question of the issue's length and one at SPEC point 9's limits (200 characters, six answers of
// up to 120), formulas in both: the whole question, every answer and every button are on screen at
// once, on the question screen, the reveal and the revealed answers. Every line of text and every
// button is measured against the window and every box around it; no box scrolls or clips, no word
// breaks across lines, and the text is lowered no more than needed. The random pick's mode buttons
// hold their labels. A blanked board shows nothing, not even the bug button, and Escape brings it
// back. A phone's answer tile never breaks a formula across lines.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { QUESTION_MAX } from '../../shared/constants';
import { ANSWER_MAX, ANSWERS_MAX } from '../../shared/schemas/raid';
import { api, fitOf, settled, unreadable, unreadableIfLarger } from './board-fit';
import { atPath, launch, newPage, PHONE, scrollWidth, shot } from './browser';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { PhonePage } from './pages/phone';
import { openBoard, ProjectorPage } from './pages/projector';

const PASSWORD = { professor: 'Craie-Verte-2026!', student: 'Cartable-Bleu-7!' };
// 2nde A of prof-sciences: no other browser test opens its live room.
const CLASS = '2nde A';
const RAID_TITLE = 'Texte géant';
/** The third lesson's question: about 180 characters with a formula, a fraction among long answers. */
const LESSON = {
  text: 'Un cycliste parcourt 1 500 mètres en deux minutes sur une piste plate, sans vent. Sachant que $$v=\\frac{d}{t}$$, quelle est sa vitesse moyenne sur ce trajet, en mètres par seconde ?',
  answers: [
    '$$v = \\frac{1\\,500\\ \\text{m}}{120\\ \\text{s}} = 12{,}5\\ \\text{m/s}$$',
    '12,5 kilomètres par heure, car on divise la distance en kilomètres par le temps en heures',
    '750 mètres par seconde, en multipliant la distance par le nombre de minutes du trajet',
    '25 m/s : deux minutes font soixante secondes, donc 1 500 divisé par 60 fait vingt-cinq',
  ],
};
/** A question at the limits: 200 characters, six answers of 114 to 120, formulas in both. */
const LIMITS = {
  text: 'Une voiture roule à vitesse constante sur une autoroute pendant un trajet de 2 h 30 min et parcourt 275 kilomètres. Avec $$v=\\frac{d}{t}$$, quelle est donc sa vitesse moyenne en kilomètres par heure ?',
  answers: [
    '$$v = \\frac{275\\ \\text{km}}{2{,}5\\ \\text{h}} = 110\\ \\text{km/h}$$ : on convertit d’abord la durée en heures décimales.',
    '137,5 km/h, car on divise la distance parcourue par deux heures seulement, en oubliant les trente minutes de plus.',
    '68,75 km/h, car on divise la distance parcourue par quatre, le nombre de quarts d’heure contenus dans deux heures trente',
    '1,83 kilomètre par minute, car on divise 275 par 150 minutes : c’est bien juste, mais ce n’est pas l’unité demandée.',
    '687,5 km/h, car on multiplie la distance parcourue par la durée du trajet exprimée en heures décimales : deux et demi',
    'Aucune de ces réponses : il faudrait connaître la masse de la voiture et la puissance de son moteur pour calculer cela.',
  ],
};
const BOARDS = [
  { width: 1440, height: 1024 },
  { width: 1920, height: 1080 },
];
const SIZES = [3.5, 3, 1.25];
const G = gameFr.GAME;

describe('the board at every text size', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('shows the whole question, every answer and every button at once at 1.25 to 3.5 rem on 1440x1024 and 1920x1080; blank hides all, Escape brings it back', {
    timeout: 240_000,
  }, async () => {
    expect(LIMITS.text.length).toBe(QUESTION_MAX);
    expect(LIMITS.answers).toHaveLength(ANSWERS_MAX);
    for (const a of LIMITS.answers) expect(a.length).toBeLessThanOrEqual(ANSWER_MAX);
    const { accessToken: token } = await api('POST', '/auth/signin', null, {
      login: 'prof-sciences',
      password: PASSWORD.professor,
    });
    const subjects = (await api('GET', '/subjects', null)) as { id: string; code: string }[];
    const subjectId = subjects.find((s) => s.code === 'PHYSICS_CHEMISTRY')?.id;
    const chapter = await api('POST', '/chapters', token, { name: 'Textes longs', level: 2, subjectId });
    await api('POST', `/chapters/${chapter.id}/raids`, token, {
      title: RAID_TITLE,
      shared: false,
      questions: [LESSON, LIMITS].map((q) => ({
        text: q.text,
        equationMode: true,
        imagePath: null,
        answers: q.answers.map((text, i) => ({ text, isCorrect: i === 0 })),
      })),
    });

    // prof-sciences has no character yet: its set-up opens first, left undone for the other files.
    const professor = await openBoard(browser, 'prof-sciences', CLASS, {
      viewport: BOARDS[0],
      landing: '/gar-signup',
      prepare: async (context, page) => {
        page.on('dialog', (d) => void d.accept());
        await context.addInitScript(() => localStorage.setItem('gameFontSize', '3.5'));
      },
    });
    contexts.push(professor.context);
    const { page, boardPath } = professor;
    const [, , , schoolclassId, subjectId2] = boardPath.split('/');
    const board = new ProjectorPage(page);
    await board.ready(CLASS);
    // A+ is at its top: disabled, and named by its visible text.
    expect(await board.fontBigger().isDisabled()).toBe(true);

    // A phone joins, to see the formula in its tile.
    const student = await newPage(browser, PHONE);
    contexts.push(student.context);
    await new LoginPage(student.page).signInTo('eleve31', PASSWORD.student, '/student');
    const phone = new PhonePage(student.page);
    await phone.waitForJoinCard(CLASS);
    await phone.joinLink(CLASS).click();
    await atPath(student.page, `/student/live/${schoolclassId}/${subjectId2}`);

    await board.raidMenu().click();
    await atPath(page, `${boardPath}/select-raid`);
    await board.raidButton(RAID_TITLE).click();
    // Its settings, then its lobby (both scroll at 3.5 rem): the teacher reveals, nobody ends it early.
    await board.settingsPanel().waitFor();
    if (await board.endEarly().isChecked()) await board.endEarly().uncheck();
    await board.openLobby().scrollIntoViewIfNeeded();
    await board.openLobby().click();
    await page.waitForURL((u) => u.pathname.endsWith('/raid'));
    await board.lobby().waitFor();
    await board.beginButton().scrollIntoViewIfNeeded();
    await board.beginButton().click();
    await board.questionHeading().waitFor();

    /**
     * Every board size and text size on the screen shown now; what cannot be read, by case. A step of
     * the text size (A− / A+) fits the board again, the slowest step of the measure: the text sizes go
     * from the one shown towards the other end, each on both boards, so the size crosses its range
     * once per screen instead of three times.
     */
    const everySize = async (question: string, screen: string, sizes = SIZES) => {
      const problems: string[] = [];
      const now = await board.textSize();
      for (const rem of [...sizes].sort((a, b) => Math.abs(a - now) - Math.abs(b - now))) {
        await board.setTextSize(rem);
        for (const size of BOARDS) {
          await page.setViewportSize(size);
          // The board fits itself again a frame after the window's size changes.
          await settled(page);
          await page.locator('#raid-question .katex, [data-testid="answer"] .katex').first().waitFor();
          await settled(page);
          const at = `${question}, ${screen}, ${size.width}x${size.height}, ${rem} rem`;
          for (const p of await unreadable(page, '.raid')) problems.push(`${at}: ${p}`);
          if ((await fitOf(page)) < 1 && (await unreadableIfLarger(page)).length === 0)
            problems.push(`${at}: the text is lowered more than needed (fit ${await fitOf(page)})`);
          if (rem !== 3 && screen !== 'answers')
            await shot(page, `board-${question}-${screen}-${size.width}x${size.height}-${rem}rem`, false);
        }
      }
      return problems;
    };

    // The phone's formula tile: the formula is one line (every KaTeX box on the same row).
    await phone.answer('A').waitFor();
    await student.page.locator('.answer .katex').first().waitFor();
    const rows = await student.page.evaluate(() => {
      const tile = [...document.querySelectorAll('.answer')].find((b) => b.querySelector('.katex'));
      const bases = [...(tile?.querySelectorAll('.katex-html > .base') ?? [])];
      return new Set(bases.map((b) => Math.round(b.getBoundingClientRect().top))).size;
    });
    expect(rows).toBe(1);
    // The tile keeps to the phone's width: the formula scrolls in it, the page does not.
    expect(await scrollWidth(student.page)).toBeLessThanOrEqual(PHONE.width);
    await shot(student.page, 'phone-formula-tile', false);

    for (const [i, question] of ['lesson', 'limits'].entries()) {
      if (i > 0) {
        await page.getByRole('button', { name: G.RAID.NEXT, exact: true }).click();
        await board.questionIndex(2, 2).waitFor();
        await board.revealButton().waitFor();
      }
      // The phone answers right (the formula, on both questions): the class keeps its turn.
      await student.page
        .locator('button.answer')
        .filter({ has: student.page.locator('.katex') })
        .click();
      await phone.received().waitFor();
      await board.answeredCount(1, 1).waitFor();
      const problems = await everySize(question, 'question');
      await board.revealButton().click();
      await board.revealPanel().waitFor();
      problems.push(...(await everySize(question, 'reveal')));
      // The reveal's panel closed: the question again, its answers marked.
      await board.seeAnswers().click();
      await board.revealPanel().waitFor({ state: 'detached' });
      problems.push(...(await everySize(question, 'answers', [3.5, 1.25])));
      expect(problems).toEqual([]);
    }

    // Blank: nothing shows, the bug button neither; Escape brings the board back.
    await page.keyboard.press('b');
    await page.getByTestId('blank').waitFor();
    expect(await page.locator('[data-bug-report]').isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByTestId('blank').waitFor({ state: 'detached' });
    expect(await page.locator('[data-bug-report]').first().isVisible()).toBe(true);

    // The raid ends and the board comes back, so that the next file finds 2nde A's board as it was.
    await board.endRaid();
    await board.result().waitFor();
    await board.backToBoard().scrollIntoViewIfNeeded();
    await board.backToBoard().click();
    await atPath(page, boardPath);

    // The random pick: "Ordre de passage" stays inside its button on both boards.
    await board.pickMenu().click();
    await page.getByRole('heading', { name: G.PICK.TITLE }).waitFor();
    for (const size of BOARDS) {
      await page.setViewportSize(size);
      await settled(page);
      expect(await unreadable(page, '.pick__controls'), `${size.width}x${size.height}`).toEqual([]);
    }
    await shot(page, 'board-pick-1920x1080', false);
    await board.toolsBackToBoard().click();
    await atPath(page, boardPath);
  });
});
