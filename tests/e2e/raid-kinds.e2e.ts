// Issue 23 in one flow. A teacher (prof-demo, 1440x1024) builds one question of each kind in the raid
// editor (choice with two right answers, true/false, number with a tolerance and a unit, short text
// with two accepted spellings, order, poll), each with an explanation; saves, reopens and finds them
// as entered. She plays the raid on the board of a class of her own, which this file creates with
// three pupils through the API (no other file uses them), each on a 360x800 phone: one answers
// right, one wrong, and the third types "Aghjacciu" (Ajaccio in another Corsican spelling) that the
// rules refuse. She reveals each question: the board and the phones show its explanation, the poll
// hurts nobody. In the raid's report she accepts "Aghjacciu": that pupil's answer turns right, and
// the XP and coins on the pupil's phone grow by what one more right answer pays. Last, she exports
// the raid to GIFT and imports the file back into a new raid: the same six questions.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { awardProgress, raidReward } from '../../shared/game/rules';
import type { UserRecord } from '../../shared/types';
import { atPath, DESKTOP, launch, newPage, PHONE, scrollWidth, shot } from './browser';
import { ChaptersPage, F, R, RaidFormPage } from './pages/admin-raids';
import { A, AnalyticsPage } from './pages/analytics';
import { tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { PhonePage } from './pages/phone';
import { PROFESSOR_PASSWORD, ProjectorPage, playWith } from './pages/projector';
import { ImportDialog } from './pages/question-import';

const PHONE_WIDE = { width: 390, height: 844 };
const G = gameFr.GAME;
const P = gameFr.PHONE;
const RUN = Date.now() % 100000;
const CLASS = `Tous les types ${RUN}`;

/** The explanation of each question, in the editor's order. */
const EXPLAINED = [
  'Un premier a deux diviseurs : $$1$$ et lui-même.',
  'Copernic l’a montré : la Terre fait le tour du Soleil en un an.',
  'π vaut 3,14159… : au centième, 3,14.',
  'Ajaccio (Aiacciu en corse) est la préfecture de la Corse-du-Sud.',
  'L’Antiquité finit en 476, le Moyen Âge en 1492.',
  'Un sondage n’a pas de bonne réponse : il dit où vous en êtes.',
];
const ORDER = ['Antiquité', 'Moyen Âge', 'Renaissance'];
/** Ajaccio in another Corsican spelling: three letters from every accepted answer, so refused. */
const REFUSED = 'Aghjacciu';

/** The kind editor's fields of question `n` (client/src/pages/admin/raids/KindFields.tsx). */
class KindsForm extends RaidFormPage {
  readonly kind = (n: number) => this.card(n).getByRole('combobox', { name: F.KIND });
  readonly field = (n: number, label: string) => this.card(n).getByLabel(label, { exact: true });
  readonly box = (n: number, label: string, i: number) =>
    this.card(n).getByRole('textbox', { name: tr(label, { n: i }), exact: true });

  async build() {
    // 1. Choice, two right answers, an explanation with a formula.
    await this.fillQuestion(1, 'Lesquels sont premiers ?', [
      ['2', true],
      ['4', false],
      ['7', true],
    ]);
    await this.field(1, F.EXPLANATION).fill(EXPLAINED[0]);
    await this.previews(1).last().waitFor();
    // 2. True / false.
    await this.addQuestion();
    await this.questionText(2).fill('La Terre tourne autour du Soleil.');
    await this.kind(2).selectOption('truefalse');
    await this.card(2).getByRole('radio', { name: F.TRUE }).check();
    // 3. Number: π to the hundredth, French comma, a unit.
    await this.addQuestion();
    await this.questionText(3).fill('Donnez π au centième.');
    await this.kind(3).selectOption('number');
    await this.field(3, F.NUMBER_VALUE).fill('3,14');
    await this.field(3, F.TOLERANCE).fill('0,01');
    await this.field(3, F.UNIT).fill('rad');
    // 4. Short text: two spellings, one typo forgiven.
    await this.addQuestion();
    await this.questionText(4).fill('Quelle est la capitale de la Corse ?');
    await this.kind(4).selectOption('text');
    await this.box(4, F.ACCEPTED_N, 1).fill('Ajaccio');
    await this.card(4)
      .getByRole('button', { name: `+ ${F.ADD_ACCEPTED}` })
      .click();
    await this.box(4, F.ACCEPTED_N, 2).fill('Aiacciu');
    await this.card(4).getByRole('checkbox', { name: F.ALLOW_TYPO }).check();
    // 5. Order: three periods.
    await this.addQuestion();
    await this.questionText(5).fill('Remettez ces périodes dans l’ordre.');
    await this.kind(5).selectOption('order');
    for (const [i, item] of ORDER.entries()) await this.box(5, F.ITEM_N, i + 1).fill(item);
    // 6. Poll with choices.
    await this.addQuestion();
    await this.questionText(6).fill('Êtes-vous sûrs de vous ?');
    await this.kind(6).selectOption('poll');
    await this.box(6, F.CHOICE_N, 1).fill('Oui');
    await this.box(6, F.CHOICE_N, 2).fill('Non');
    // Every question explained (the first one above, with its formula).
    for (let n = 2; n <= 6; n++) await this.field(n, F.EXPLANATION).fill(EXPLAINED[n - 1]);
  }

  /** What the form shows of each question, kind by kind. */
  async read() {
    const out: unknown[] = [];
    const value = (l: ReturnType<Page['getByRole']>) => l.inputValue();
    const explanation = (n: number) => this.field(n, F.EXPLANATION).inputValue();
    out.push({
      kind: await this.kind(1).inputValue(),
      text: await this.questionText(1).inputValue(),
      answers: [
        await value(this.answer(1, 1)),
        await value(this.answer(1, 2)),
        await value(this.answer(1, 3)),
      ],
      right: [
        await this.correct(1, 1).isChecked(),
        await this.correct(1, 2).isChecked(),
        await this.correct(1, 3).isChecked(),
      ],
      explanation: await explanation(1),
    });
    out.push({
      kind: await this.kind(2).inputValue(),
      text: await this.questionText(2).inputValue(),
      trueRight: await this.card(2).getByRole('radio', { name: F.TRUE }).isChecked(),
      explanation: await explanation(2),
    });
    out.push({
      kind: await this.kind(3).inputValue(),
      value: await this.field(3, F.NUMBER_VALUE).inputValue(),
      tolerance: await this.field(3, F.TOLERANCE).inputValue(),
      unit: await this.field(3, F.UNIT).inputValue(),
      explanation: await explanation(3),
    });
    out.push({
      kind: await this.kind(4).inputValue(),
      accepted: [await value(this.box(4, F.ACCEPTED_N, 1)), await value(this.box(4, F.ACCEPTED_N, 2))],
      typo: await this.card(4).getByRole('checkbox', { name: F.ALLOW_TYPO }).isChecked(),
      explanation: await explanation(4),
    });
    out.push({
      kind: await this.kind(5).inputValue(),
      items: [
        await value(this.box(5, F.ITEM_N, 1)),
        await value(this.box(5, F.ITEM_N, 2)),
        await value(this.box(5, F.ITEM_N, 3)),
      ],
      explanation: await explanation(5),
    });
    out.push({
      kind: await this.kind(6).inputValue(),
      choices: [await value(this.box(6, F.CHOICE_N, 1)), await value(this.box(6, F.CHOICE_N, 2))],
      explanation: await explanation(6),
    });
    return out;
  }
}

const EXPECTED = [
  {
    kind: 'choice',
    text: 'Lesquels sont premiers ?',
    answers: ['2', '4', '7'],
    right: [true, false, true],
    explanation: EXPLAINED[0],
  },
  {
    kind: 'truefalse',
    text: 'La Terre tourne autour du Soleil.',
    trueRight: true,
    explanation: EXPLAINED[1],
  },
  { kind: 'number', value: '3,14', tolerance: '0,01', unit: 'rad', explanation: EXPLAINED[2] },
  { kind: 'text', accepted: ['Ajaccio', 'Aiacciu'], typo: true, explanation: EXPLAINED[3] },
  { kind: 'order', items: ORDER, explanation: EXPLAINED[4] },
  { kind: 'poll', choices: ['Oui', 'Non'], explanation: EXPLAINED[5] },
];

/** What a pupil gives to each question: the right answer, a wrong one, or (3rd pupil) a refused word. */
type Role = 'right' | 'wrong' | 'refused';
const PUPILS: { first: string; last: string; role: Role }[] = [
  { first: 'Lena', last: 'Rossi', role: 'right' },
  { first: 'Tom', last: 'Santoni', role: 'wrong' },
  { first: 'Ines', last: 'Casanova', role: 'refused' },
];
/** The third pupil answers right everywhere but on the text question. */
const verdictOf = (role: Role, n: number): 'right' | 'wrong' | 'poll' =>
  n === 6 ? 'poll' : role === 'wrong' || (role === 'refused' && n === 4) ? 'wrong' : 'right';

async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${inject('baseUrl')}/api${url}`, {
    method,
    headers: {
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

/** A pupil's progress as GET /users/{id} answers it. */
type Progress = NonNullable<UserRecord['student']>;

/** The text of an explanation as shown, its formulas left out, and how many formulas it shows. */
async function explanationOn(page: Page) {
  return page
    .getByTestId('explanation')
    .locator('.explanation__text')
    .evaluate((el) => {
      const copy = el.cloneNode(true) as Element;
      const formulas = copy.querySelectorAll('.math, .math-plain');
      for (const m of formulas) m.remove();
      return { text: (copy.textContent ?? '').replace(/\s+/g, ' ').trim(), formulas: formulas.length };
    });
}
const explanationOf = (n: number) => ({
  text: EXPLAINED[n - 1]
    .replace(/\$\$.*?\$\$/g, '')
    .replace(/\s+/g, ' ')
    .trim(),
  formulas: (EXPLAINED[n - 1].match(/\$\$.*?\$\$/g) ?? []).length,
});

/** A pupil's phone, with the inputs of every kind (client/src/game/phone/KindInputs.tsx). */
class KindsPhone extends PhonePage {
  readonly typed = (label: string) => this.page.getByRole('textbox', { name: label });
  readonly send = () => this.page.locator('form.typed').getByRole('button', { name: P.VALIDATE_one });
  readonly poolItem = (text: string) => this.page.locator('.order__pool button').filter({ hasText: text });
  readonly wrong = () => this.page.getByRole('status').filter({ hasText: P.WRONG });
  readonly pollThanks = () => this.page.getByRole('status').filter({ hasText: P.POLL_THANKS });
  readonly homeStat = (stat: 'xp' | 'coin') => this.page.locator(`li.stat--${stat} .stat__value`);

  async tick(texts: string[]) {
    const shown = await this.shown();
    for (const text of texts) {
      const a = shown.answers.find((x) => x.source === text);
      if (!a) throw new Error(`no answer ${text} on the phone: ${JSON.stringify(shown.answers)}`);
      await this.answer(a.letter).click();
    }
  }

  async type(label: string, value: string) {
    await this.typed(label).fill(value);
    await this.send().click();
  }

  async order(items: string[]) {
    for (const item of items) await this.poolItem(item).click();
    await this.page.getByRole('button', { name: P.ORDER_VALIDATE }).click();
  }

  /** Question `n` as this pupil's role answers it. */
  async play(n: number, role: Role) {
    const right = role !== 'wrong';
    if (n === 1) {
      await this.tick(right ? ['2', '7'] : ['4']);
      await this.validate(right ? 2 : 1).click();
    } else if (n === 2) await this.tick([right ? F.TRUE : F.FALSE]);
    else if (n === 3)
      await this.type(P.TYPE_NUMBER, role === 'right' ? '3,14' : role === 'wrong' ? '3' : '3.141');
    else if (n === 4)
      await this.type(P.TYPE_TEXT, role === 'right' ? 'Ajaccio' : role === 'wrong' ? 'Bastia' : REFUSED);
    else if (n === 5) await this.order(right ? ORDER : [...ORDER].reverse());
    else await this.tick([role === 'wrong' ? 'Non' : 'Oui']);
    await this.received().waitFor();
  }
}

describe('every kind of question, from the editor to the report and back through GIFT', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let token = '';
  let classId = '';
  const pupils: { first: string; last: string; role: Role; login: string; password: string; id: string }[] =
    [];

  beforeAll(async () => {
    browser = await launch();
    // The class and its pupils, the file's own: prof-demo's maths class, three pupils from a list.
    ({ accessToken: token } = await api<{ accessToken: string }>('POST', '/auth/signin', null, {
      login: 'prof-demo',
      password: PROFESSOR_PASSWORD,
    }));
    const subjects = await api<{ id: string; code: string }[]>('GET', '/subjects', null);
    const subjectId = subjects.find((s) => s.code === 'MATHEMATICS')?.id;
    ({ id: classId } = await api<{ id: string }>('POST', '/schoolclasses', token, {
      name: CLASS,
      level: 5,
      subjectId,
      planet: 'nebula',
    }));
    const list = new FormData();
    list.append('create', 'true');
    list.append(
      'file',
      new Blob([`Nom,Prénom\n${PUPILS.map((p) => `${p.last},${p.first}`).join('\n')}\n`], {
        type: 'text/csv',
      }),
      'liste.csv',
    );
    const roster = await api<{ pupils: { firstName: string; username: string; password: string }[] }>(
      'POST',
      `/schoolclasses/${classId}/students/import`,
      token,
      list,
    );
    const [avatar] = await api<{ id: string }[]>('GET', '/avatars?userType=student&starter=true', null);
    for (const p of PUPILS) {
      const made = roster.pupils.find((x) => x.firstName === p.first);
      if (!made) throw new Error(`${p.first} not created: ${JSON.stringify(roster)}`);
      // The avatar a pupil chooses at the first sign-in, chosen here: the phone lands on its home.
      const s = await api<{ id: string; accessToken: string }>('POST', '/auth/signin', null, {
        login: made.username,
        password: made.password,
      });
      await api('PUT', `/users/${s.id}`, s.accessToken, { avatarId: avatar.id });
      pupils.push({ ...p, login: made.username, password: made.password, id: s.id });
    }
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    // prof-demo's classes as the other files expect them.
    if (classId) await api('DELETE', `/schoolclasses/${classId}`, token).catch(() => undefined);
    await browser?.close();
  });

  /** A pupil's progress as the server holds it (GET /api/users/:id). */
  const record = async (p: (typeof pupils)[number]) => {
    const s = await api<{ id: string; accessToken: string }>('POST', '/auth/signin', null, {
      login: p.login,
      password: p.password,
    });
    return (await api<{ student: Progress }>('GET', `/users/${s.id}`, s.accessToken)).student;
  };

  test('a teacher builds one question of each kind, plays it with three phones, reveals, accepts a typed answer in the report, and takes the raid to GIFT and back', {
    timeout: 120_000,
  }, async () => {
    const started = Date.now();
    const professor = await newPage(browser, DESKTOP);
    contexts.push(professor.context);
    const { page } = professor;
    await new LoginPage(page).signInTo('prof-demo', PROFESSOR_PASSWORD, '/prof/select');

    // ---- The editor: one question of each kind, each explained; saved, reopened as entered.
    const chapters = new ChaptersPage(page);
    await chapters.openFromMenu();
    const chapterName = `Tous les types E2E ${RUN}`;
    await chapters.create(chapterName);
    await chapters.openRaids(chapterName);
    await page.getByRole('link', { name: R.NEW }).first().click();
    const form = new KindsForm(page);
    const raidTitle = `Six types ${RUN}`;
    await form.title().fill(raidTitle);
    await form.build();
    await shot(page, 'raid-kinds-editor-desktop');
    await page.setViewportSize(PHONE_WIDE);
    await shot(page, 'raid-kinds-editor-390');
    // Nothing runs past its question's card (nor the window).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('.rq__body')].flatMap((body) => {
        const right = body.getBoundingClientRect().right;
        return [...body.querySelectorAll('*')]
          .filter((e) => e.getBoundingClientRect().right > right + 1)
          .slice(0, 3)
          .map((e) => `${e.tagName}.${e.className}`);
      }),
    );
    expect(wide).toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE_WIDE.width);
    await page.setViewportSize(DESKTOP);
    await form.save();
    const row = page.getByRole('row').filter({ has: page.getByText(raidTitle, { exact: true }) });
    await row.waitFor();
    await row.getByRole('link', { name: R.EDIT }).click();
    await form.kind(6).waitFor();
    const editPath = new URL(page.url()).pathname;
    expect(await form.read()).toEqual(EXPECTED);

    // ---- The board of the file's class, three phones joined.
    await page.goto('/prof/select');
    const boardPath = await playWith(page, CLASS);
    const board = new ProjectorPage(page);
    await board.ready(CLASS);
    const phones = await Promise.all(
      pupils.map(async (p) => {
        const { context, page: phonePage } = await newPage(browser, PHONE);
        contexts.push(context);
        const phone = new KindsPhone(phonePage);
        await new LoginPage(phonePage).signInTo(p.login, p.password, '/student');
        await phone.waitForJoinCard(CLASS);
        await phone.joinLink(CLASS).click();
        await phone.hello(p.first).waitFor();
        return phone;
      }),
    );

    await board.raidMenu().click();
    await atPath(page, `${boardPath}/select-raid`);
    await board.raidButton(raidTitle).click();
    await board.settingsPanel().waitFor();
    // No clock, the teacher reveals each question, and every question is asked.
    await board.questionTime().selectOption('none');
    if (await board.endEarly().isChecked()) await board.endEarly().uncheck();
    const askAll = board.settingsPanel().getByRole('checkbox', { name: G.SETTINGS.ASK_ALL });
    if (!(await askAll.isChecked())) await askAll.check();
    await board.openLobby().scrollIntoViewIfNeeded();
    await board.openLobby().click();
    await board.lobby().waitFor();
    await board.lobbyConnected(3).waitFor();
    await Promise.all(phones.map((phone) => phone.lobby().waitFor()));
    await board.beginButton().click();

    // ---- Each question: three answers, the reveal, the explanation on the board and the phones.
    for (let n = 1; n <= 6; n++) {
      await board.questionIndex(n, 6).waitFor();
      await Promise.all(phones.map((phone) => phone.questionIndex(n, 6).waitFor()));
      await Promise.all(phones.map((phone, i) => phone.play(n, pupils[i].role)));
      await board.answeredCount(3, 3).waitFor();
      const hp = await board.hp();
      await board.revealButton().click();
      await board.revealPanel().waitFor();
      // KaTeX loads on first use: a formula shows as text until then.
      await expect
        .poll(() => explanationOn(page), { message: `board, question ${n}` })
        .toEqual(explanationOf(n));
      for (const [i, phone] of phones.entries()) {
        const verdict = verdictOf(pupils[i].role, n);
        await (verdict === 'right' ? phone.right() : verdict === 'wrong' ? phone.wrong() : phone.pollThanks())
          .waitFor({ timeout: 10_000 })
          .catch(async (e: Error) => {
            await shot(phone.page, `raid-kinds-failed-q${n}-${pupils[i].first}`, false);
            await shot(page, `raid-kinds-failed-q${n}-board`, false);
            throw new Error(`question ${n}, ${pupils[i].first}: no "${verdict}" verdict. ${e.message}`);
          });
        await expect
          .poll(() => explanationOn(phone.page), { message: `${pupils[i].first}, question ${n}` })
          .toEqual(explanationOf(n));
      }
      if (n === 4) await shot(phones[2].page, 'raid-kinds-phone-text-refused', false);
      if (n === 6) {
        // The poll: the class's answers, no damage.
        await board.revealPanel().getByText(G.BOARD_KINDS.POLL_NO_DAMAGE, { exact: true }).waitFor();
        expect(await board.hp()).toBe(hp);
        await shot(page, 'raid-kinds-board-poll', false);
      } else {
        expect(await board.hp()).toBeLessThan(hp);
      }
      await board.nextButton(n === 6).click();
    }
    await board.result().waitFor();

    // ---- The report (names hidden as opened from the board): the refused word, then accepted.
    const [tab] = await Promise.all([professor.context.waitForEvent('page'), board.openReport().click()]);
    const report = new AnalyticsPage(tab);
    await report.reportHeading(raidTitle).waitFor();
    await report.showNames().click();
    const [right, wrong, typed] = pupils.map((p) => report.answersRow(`${p.first} ${p.last}`));
    const score = (count: number) => tr(A.REPORT.OF, { count, total: 5 });
    await typed.getByText(score(4), { exact: true }).waitFor();
    await right.getByText(score(5), { exact: true }).waitFor();
    await wrong.getByText(score(0), { exact: true }).waitFor();
    // The score's cell, then one per question.
    const q4 = (r: typeof typed) => r.getByRole('cell').nth(4);
    expect(await q4(typed).textContent()).toContain(REFUSED);
    expect(await q4(typed).getAttribute('class')).toContain('an-ans--ko');

    // The lesson ends: the phones go home, where the raid's XP shows.
    await board.backToBoard().click();
    await atPath(page, boardPath);
    await board.quit();
    await atPath(page, '/prof/select');
    const refused = pupils[2];
    const phone = phones[2];
    await phone.closed().waitFor();
    await atPath(phone.page, '/student');
    const before = await record(refused);
    await expect.poll(() => phone.homeStat('xp').textContent()).toBe(String(before.xp));
    await expect.poll(() => phone.homeStat('coin').textContent()).toBe(String(before.coin));

    // "Accept this answer": one answer turns right, the score and the pupil's XP follow.
    await report
      .questionRow(4)
      .getByRole('button', { name: tr(A.REPORT.ACCEPT_LABEL, { value: REFUSED }) })
      .click();
    await tab
      .getByRole('status')
      .getByText(tr(A.REPORT.ACCEPT_DONE_one, { count: 1 }), { exact: true })
      .waitFor();
    await typed.getByText(score(5), { exact: true }).waitFor();
    expect(await q4(typed).getAttribute('class')).toContain('an-ans--ok');
    await wrong.getByText(score(0), { exact: true }).waitFor();
    await shot(tab, 'raid-kinds-report-accepted');
    const gain = {
      xp:
        raidReward({ correctAnswers: 1, victory: false }).xp -
        raidReward({ correctAnswers: 0, victory: false }).xp,
      coins:
        raidReward({ correctAnswers: 1, victory: false }).coins -
        raidReward({ correctAnswers: 0, victory: false }).coins,
    };
    const expected = awardProgress(before, gain, before.activeProfessorsCount).after;
    expect(expected.xp).toBeGreaterThan(before.xp);
    await phone.page.reload();
    await expect.poll(() => phone.homeStat('xp').textContent()).toBe(String(expected.xp));
    await expect.poll(() => phone.homeStat('coin').textContent()).toBe(String(expected.coin));
    await shot(phone.page, 'raid-kinds-phone-home-accepted', false);

    // ---- GIFT: exported from the raid page, imported back into a new raid: the same questions.
    await tab.goto(editPath);
    const edit = new KindsForm(tab);
    await edit.kind(6).waitFor();
    await tab.getByText(F.EXPORT, { exact: true }).click();
    const downloading = tab.waitForEvent('download');
    await tab.getByRole('button', { name: F.EXPORT_GIFT }).click();
    const download = await downloading;
    const gift = readFileSync(await download.path());
    expect(download.suggestedFilename()).toMatch(/\.gift(\.txt)?$/);
    expect(gift.toString('utf8')).toContain('Ajaccio');
    await tab.getByRole('link', { name: `← ${chapterName}` }).click();
    await tab.getByRole('link', { name: R.NEW }).first().click();
    const copy = new KindsForm(tab);
    await copy.title().fill(`${raidTitle} (GIFT)`);
    await tab.getByRole('button', { name: F.IMPORT }).click();
    const dialog = new ImportDialog(tab);
    const res = await dialog.importFile({ name: 'raid.gift', mimeType: 'text/plain', buffer: gift });
    expect(res.status()).toBe(200);
    await dialog.addButton(6).click();
    await copy.kind(6).waitFor();
    expect(await copy.cards().count()).toBe(6);
    expect(await copy.read()).toEqual(EXPECTED);
    await copy.save();
    await tab
      .getByRole('row')
      .filter({ has: tab.getByText(`${raidTitle} (GIFT)`, { exact: true }) })
      .waitFor();
    console.info(`raid-kinds: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
