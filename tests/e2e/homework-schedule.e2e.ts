// Issue 21, items 13 and 20, on a phone (360x800): a teacher sends a raid whose first question has two
// right answers (√25 and 5) with a due date, two tries and partial credit, and another that starts
// later. The pupil sees the due date and the upcoming one, is told to tick 2 answers, ticks √25 only,
// is told "Presque !" and that 5 was missing, scores 1.5 / 2 and is offered a new try. Demo student
// eleve04 only (5e B), whom no other e2e file uses; the homework and the chapters (with their raids) are deleted at the end.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { parisDay } from '../../shared/homework-schedule';
import { launch, newPage, PHONE, shot } from './browser';
import { tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { PHONE_TEXTS, S } from './pages/student-world';

const day = (offset: number) => parisDay(new Date(Date.now() + offset * 86_400_000));
const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');

/** The demo teacher's API, for the setup and the clean-up. */
async function professorApi() {
  const base = inject('baseUrl');
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'prof-demo', password: 'Craie-Verte-2026!' }),
  });
  const u = (await res.json()) as { accessToken: string; professorId: string };
  const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
    const r = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${u.accessToken}`, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (r.status === 204 ? null : await r.json()) as T;
  };
  return Object.assign(call, { professorId: u.professorId });
}

describe('homework with dates, tries and two right answers, on a phone', () => {
  let browser: Browser;
  let api: Awaited<ReturnType<typeof professorApi>>;
  const chapters: string[] = [];
  const homework: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    api = await professorApi();
  });
  afterAll(async () => {
    for (const id of homework) await api('DELETE', `/homeworkRaids/${id}`).catch(() => undefined);
    // Chapters go with their raids: prof-demo's lists are as other files expect them.
    for (const id of chapters) await api('DELETE', `/chapters/${id}`).catch(() => undefined);
    await browser?.close();
  });

  async function send(title: string, over: object) {
    const targets = await api<{ schoolclassId: string; schoolclassName: string; subjectId: string }[]>(
      'GET',
      `/homeworkRaids/professors/${api.professorId}/targets`,
    );
    const t = targets.find((x) => x.schoolclassName === '5e B');
    if (!t) throw new Error('no 5e B');
    const chapter = await api<{ id: string }>('POST', '/chapters', {
      name: `${title} (chapitre)`,
      level: 5,
      subjectId: t.subjectId,
    });
    const raid = await api<{ id: string }>('POST', `/chapters/${chapter.id}/raids`, {
      title,
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
        {
          text: 'Combien font 2 + 2 ?',
          answers: [
            { text: '4', isCorrect: true },
            { text: '22', isCorrect: false },
          ],
        },
      ],
    });
    chapters.push(chapter.id);
    const { ids } = await api<{ ids: string[] }>('POST', '/homeworkRaids', {
      raidId: raid.id,
      name: title,
      targets: [{ schoolclassId: t.schoolclassId, subjectId: t.subjectId }],
      ...over,
    });
    homework.push(...ids);
  }

  test('the due date, the upcoming homework, "tick 2", what was missing, the best score and a new try', async () => {
    const due = day(3);
    const later = day(2);
    await send('Écritures de 5 (e2e)', { dueOn: due, maxTries: 2, multiScoring: 'partial' });
    await send('Plus tard (e2e)', { startsOn: later });

    const { page } = await newPage(browser, PHONE);
    await new LoginPage(page).signInTo('eleve04', 'Cartable-Bleu-7!', '/student');
    await page.goto('/student/raid-list');
    const answer = (text: string) =>
      page.locator('.answer', { has: page.locator('.answer__text', { hasText: new RegExp(`: ${text}$`) }) });
    const card = (name: string) => page.getByTestId('homework-card').filter({ hasText: name });
    await expect
      .poll(() => card('Écritures de 5 (e2e)').textContent())
      .toContain(tr(S.RAIDS.DUE, { date: ddmmyyyy(due) }));
    const upcoming = card('Plus tard (e2e)');
    expect(await upcoming.textContent()).toContain(S.RAIDS.UPCOMING);
    expect(await upcoming.textContent()).toContain(tr(S.RAIDS.FROM, { date: ddmmyyyy(later) }));
    expect(await upcoming.getByRole('link').count()).toBe(0);
    await shot(page, 'homework-schedule-list');

    await card('Écritures de 5 (e2e)').getByRole('link').click();
    await expect
      .poll(() => page.getByTestId('pick-hint').textContent())
      .toBe(tr(PHONE_TEXTS.PICK_N_other, { count: 2 }));
    await answer('√25').click();
    await page.locator('.validate').click();
    const verdict = page.locator('.homework-verdict');
    await verdict.waitFor();
    expect(await verdict.textContent()).toContain(S.PLAY.PARTIAL);
    expect(await page.getByTestId('verdict-missing').textContent()).toBe(
      tr(PHONE_TEXTS.MISSING, { answers: '« 5 »' }),
    );
    await shot(page, 'homework-schedule-partial');
    await page.getByRole('button', { name: S.PLAY.NEXT }).click();
    await answer('4').click();
    await page.getByRole('button', { name: S.PLAY.FINISH }).click();
    await page.getByTestId('homework-score').waitFor();
    expect(await page.getByTestId('homework-score').textContent()).toBe(
      tr(S.PLAY.SCORE, { score: '1,5', total: 2 }),
    );
    expect(await page.getByTestId('homework-best').textContent()).toBe(
      tr(S.PLAY.BEST, { score: '1,5', total: 2, tries: 1, max: 2 }),
    );

    await page.getByRole('link', { name: S.PLAY.BACK_TO_LIST }).click();
    await expect
      .poll(() => card('Écritures de 5 (e2e)').textContent())
      .toContain(tr(S.RAIDS.DONE_SCORE, { score: '1,5', total: 2 }));
    await card('Écritures de 5 (e2e)').getByRole('button', { name: S.RAIDS.NEW_TRY }).click();
    await expect
      .poll(() => page.getByTestId('pick-hint').textContent())
      .toBe(tr(PHONE_TEXTS.PICK_N_other, { count: 2 }));
  });
});
