// The board at the largest text size (3.5 rem, A+ at its top) on a 1920x1080 and a 1280x720
// projector: the whole question and every answer stay readable (they fit, or their box scrolls;
// nothing clips them). A blanked board shows nothing, not even the bug button, and Escape brings it
// back. A phone's answer tile never breaks a formula across lines.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { FIT_MIN } from '../../client/src/game/projector/fit-text';
import { atPath, launch, newPage, PHONE, scrollWidth, shot } from './browser';
import { fr, tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { PhonePage } from './pages/phone';
import { ProjectorPage } from './pages/projector';

const PASSWORD = { teacher: 'Craie-Verte-2026!', student: 'Cartable-Bleu-7!' };
// 2nde A of prof-sciences: no other browser test opens its live room.
const CLASS = '2nde A';
const RAID_TITLE = 'Texte géant';
const FORMULA = '$$v = \\frac{d}{t} = \\frac{1\\,500\\ \\text{m}}{120\\ \\text{s}} = 12{,}5\\ \\text{m/s}$$';
const QUESTION =
  'Un cycliste parcourt 1 500 mètres en deux minutes sur une piste plate, sans vent, puis s’arrête au bout de la ligne. Quelle est sa vitesse moyenne sur ce trajet, en mètres par seconde ?';
const ANSWERS = [
  FORMULA,
  '12,5 kilomètres par heure, car on divise la distance en kilomètres par le temps en heures',
  '750 mètres par seconde, en multipliant la distance par le nombre de minutes du trajet',
  '25 m/s : deux minutes font soixante secondes, donc 1 500 divisé par 60 fait vingt-cinq',
];
const G = gameFr.GAME;

async function api(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${inject('baseUrl')}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Every box from the element up to the page that clips (overflow hidden) and overflows: what it cuts. */
function clipped(page: Page) {
  return page.evaluate(() => {
    const out: string[] = [];
    const targets = [
      document.querySelector('#raid-question'),
      ...document.querySelectorAll('[data-testid="answer"]'),
    ].filter((x): x is Element => !!x);
    if (targets.length < 2) out.push('no question or answers on screen');
    for (const el of targets) {
      for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) {
        const cs = getComputedStyle(a);
        const name = `${a.tagName.toLowerCase()}.${[...a.classList].join('.')}`;
        if (['hidden', 'clip'].includes(cs.overflowY) && a.scrollHeight > a.clientHeight + 1)
          out.push(`${name} cuts ${a.scrollHeight - a.clientHeight}px vertically`);
        if (['hidden', 'clip'].includes(cs.overflowX) && a.scrollWidth > a.clientWidth + 1)
          out.push(`${name} cuts ${a.scrollWidth - a.clientWidth}px horizontally`);
      }
      // The box holding it is on screen and shows at least a line of it.
      const r = el.getBoundingClientRect();
      if (r.left < 0 || r.right > innerWidth + 1)
        out.push(`${el.id || el.textContent?.slice(0, 20)} leaves the screen`);
    }
    for (const sel of ['.raid__question', '.answers']) {
      const box = document.querySelector(sel);
      if (box && box.clientHeight < 60) out.push(`${sel} shows only ${box.clientHeight}px`);
    }
    return [...new Set(out)];
  });
}

describe('the board at 3.5 rem', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('shows the whole question and every answer at 1920x1080 and 1280x720; blank hides all, Escape brings it back', {
    timeout: 180_000,
  }, async () => {
    // A raid with the longest question and answers a teacher may write, one answer a formula.
    const { accessToken: token } = await api('POST', '/auth/signin', null, {
      login: 'prof-sciences',
      password: PASSWORD.teacher,
    });
    const subjects = (await api('GET', '/subjects', null)) as { id: string; code: string }[];
    const subjectId = subjects.find((s) => s.code === 'PHYSICS_CHEMISTRY')?.id;
    const chapter = await api('POST', '/chapters', token, { name: 'Textes longs', level: 2, subjectId });
    await api('POST', `/chapters/${chapter.id}/raids`, token, {
      title: RAID_TITLE,
      shared: false,
      questions: [
        {
          text: QUESTION,
          equationMode: true,
          imagePath: null,
          answers: ANSWERS.map((text, i) => ({ text, isCorrect: i === 0 })),
        },
      ],
    });

    const teacher = await newPage(browser, { width: 1920, height: 1080 });
    contexts.push(teacher.context);
    const { page } = teacher;
    page.on('dialog', (d) => void d.accept());
    await teacher.context.addInitScript(() => localStorage.setItem('gameFontSize', '3.5'));
    // prof-sciences has no character yet: its set-up opens first, left undone for the other files.
    await new LoginPage(page).signInTo('prof-sciences', PASSWORD.teacher, '/gar-signup');
    await page.goto('/prof/select');
    await page.getByRole('link', { name: tr(fr.PROF_HOME.PLAY_WITH, { name: CLASS }) }).click();
    await page.waitForURL((u) => /^\/prof\/game\/[^/]+\/[^/]+$/.test(u.pathname));
    const boardPath = new URL(page.url()).pathname;
    const [, , , schoolclassId, subjectId2] = boardPath.split('/');
    const board = new ProjectorPage(page);
    await board.className(CLASS).waitFor();
    // A+ is at its top: disabled, and named by its visible text.
    expect(await page.getByRole('button', { name: `A+ ${G.FONT_BIGGER}` }).isDisabled()).toBe(true);

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
    await page.locator('#raid-question .katex, [data-testid="answer"] .katex').first().waitFor();

    for (const size of [
      { width: 1920, height: 1080 },
      { width: 1280, height: 720 },
    ]) {
      await page.setViewportSize(size);
      // The text shrinks until the question and answers fit; at its floor, their boxes scroll.
      const fit = await page.waitForFunction((floor) => {
        const fits = [...document.querySelectorAll<HTMLElement>('[data-fit]')].every(
          (el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1,
        );
        const factor = Number(
          document.querySelector<HTMLElement>('.raid__main')?.style.getPropertyValue('--fit'),
        );
        return fits ? 'fits' : factor <= floor ? 'scrolls' : false;
      }, FIT_MIN);
      // The longest texts fit a 1080p projector at the largest size.
      if (size.height === 1080) expect(await fit.jsonValue()).toBe('fits');
      expect(await clipped(page), `${size.width}x${size.height}`).toEqual([]);
      await shot(page, `board-3.5rem-${size.width}x${size.height}`, false);
    }

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
  });
});
