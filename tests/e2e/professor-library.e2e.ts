// Issue 4, teacher side: prof-demo sends a raid as homework to 5e B, sees it listed, stops and deletes
// it; prof-sciences shares a raid, prof-demo finds it in the library (words and filters) and copies it
// into their own chapter; prof-demo changes the power mode in Settings, then restores it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { atPath, DESKTOP, launch, newPage, scrollWidth, shot, thirdPartyRequests } from './browser';
import { fr, tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { A, Api, H, HomeworkPage, L, LibraryPage } from './pages/professor-library';
import { fromMenu } from './pages/top-bar';

const PASSWORD = 'Craie-Verte-2026!';
const RUN = String(Date.now() % 100000);

describe('library, homework and account settings (teacher)', () => {
  let browser: Browser;
  let demo: Api;
  let sciences: Api;
  const cleanup: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    browser = await launch();
    demo = await Api.signIn(inject('baseUrl'), 'prof-demo', PASSWORD);
    sciences = await Api.signIn(inject('baseUrl'), 'prof-sciences', PASSWORD);
  });
  afterAll(async () => {
    for (const undo of cleanup.reverse()) await undo().catch(() => {});
    await browser?.close();
  });

  test('a raid sent as homework to 5e B is listed, stopped and deleted', async () => {
    const chapter = `Devoirs E2E ${RUN}`;
    const raid = `Masse volumique ${RUN}`;
    const { chapterId } = await demo.chapterWithRaid(chapter, 5, 'MATHEMATICS', raid);
    cleanup.push(() => demo.call('DELETE', `/chapters/${chapterId}`));

    const { page, context } = await newPage(browser, DESKTOP);
    await new LoginPage(page).signInTo('prof-demo', PASSWORD, '/prof/select');
    const homework = new HomeworkPage(page);
    await homework.openFromMenu();
    // The demo school's homework is there already.
    await homework.row('Les fractions').first().waitFor();

    const name = `Révision ${RUN}`;
    const dialog = await homework.send(chapter, raid, ['5e B'], name);
    await shot(page, 'teacher-homework-send');
    await dialog.getByRole('button', { name: H.SEND }).click();
    await page.getByText(tr(H.SENT_one, { count: 1 })).waitFor();
    const row = homework.row(name);
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('5e B');
    expect(text).toContain(fr.SUBJECTS.MATHEMATICS);
    expect(text).toContain(raid);
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // Nobody completed it yet, out of the class's students (other files may have signed some up).
    const sent = (
      await demo.call<{ name: string; studentCount: number }[]>(
        'GET',
        `/homeworkRaids/professors/${demo.professorId}`,
      )
    ).find((h) => h.name === name);
    expect(sent?.studentCount).toBeGreaterThanOrEqual(30);
    expect(text).toContain(tr(H.COMPLETED_OF, { count: 0, total: sent?.studentCount ?? 0 }));
    expect(text).toContain(H.ONGOING);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
    await shot(page, 'teacher-homework-list');

    await row.getByRole('button', { name: H.STOP }).click();
    await row.getByText(H.FINISHED).waitFor();
    expect(await row.getByRole('button', { name: H.STOP }).count()).toBe(0);

    await row.getByRole('button', { name: H.DELETE }).click();
    await row.getByText(tr(H.CONFIRM_DELETE, { name })).waitFor();
    await shot(page, 'teacher-homework-confirm-delete');
    await row.getByRole('button', { name: H.DELETE }).click();
    await page.getByText(H.DELETED).waitFor();
    await homework.row(name).waitFor({ state: 'detached' });
    const list = await demo.call<{ name: string }[]>('GET', `/homeworkRaids/professors/${demo.professorId}`);
    expect(list.map((h) => h.name)).not.toContain(name);
    await context.close();
  });

  test('a raid prof-sciences shares is found in the library and copied into a chapter of prof-demo', async () => {
    const before = await sciences.call<{ shareRaids: boolean }>('GET', `/professors/${sciences.professorId}`);
    cleanup.push(() =>
      sciences.call('PUT', `/professors/${sciences.professorId}`, { shareRaids: before.shareRaids }),
    );
    await sciences.call('PUT', `/professors/${sciences.professorId}`, { shareRaids: true });
    const word = `Densitex${RUN}`;
    const shared = await sciences.chapterWithRaid(
      `Matière E2E ${RUN}`,
      2,
      'PHYSICS_CHEMISTRY',
      `${word} : la matière`,
      true,
    );
    cleanup.push(() => sciences.call('DELETE', `/chapters/${shared.chapterId}`));
    // An unshared raid of the same teacher never shows.
    const hidden = await sciences.chapterWithRaid(
      `Privé E2E ${RUN}`,
      2,
      'PHYSICS_CHEMISTRY',
      `${word} privé`,
    );
    cleanup.push(() => sciences.call('DELETE', `/chapters/${hidden.chapterId}`));
    // prof-demo's own chapter to copy into.
    const mine = `Copies E2E ${RUN}`;
    const ch = await demo.call<{ id: string }>('POST', '/chapters', {
      name: mine,
      level: 2,
      subjectId: await demo.subjectId('PHYSICS_CHEMISTRY'),
    });
    cleanup.push(() => demo.call('DELETE', `/chapters/${ch.id}`));

    const { page, context } = await newPage(browser, DESKTOP);
    await new LoginPage(page).signInTo('prof-demo', PASSWORD, '/prof/select');
    const library = new LibraryPage(page);
    await library.openFromMenu();
    await library.search(word.toLowerCase());
    await library.filter(fr.LEVELS['2'], fr.SUBJECTS.PHYSICS_CHEMISTRY);
    const title = `${word} : la matière`;
    const card = library.card(title);
    await card.waitFor();
    await page.getByText(tr(L.RESULTS_one, { count: 1 })).waitFor();
    expect(await page.getByText(`${word} privé`).count()).toBe(0);
    expect(await card.textContent()).toContain(tr(L.BY, { name: `${L.CIVILITY.M} Lemaire` }));
    // A search on a question's words, accents left out, finds it too.
    await library.search(`becher ${RUN}`);
    await page.getByText(L.EMPTY).waitFor();
    await library.search('un becher');
    await card.waitFor();

    await card.getByRole('button', { name: L.SHOW_QUESTIONS }).click();
    await card.getByText('Un bécher sert à :').waitFor();
    await card.getByRole('button', { name: L.COPY }).click();
    await card.getByLabel(L.INTO_CHAPTER).selectOption({ label: `${mine} (${fr.LEVELS['2']})` });
    await shot(page, 'teacher-library-copy');
    await card.getByRole('button', { name: L.COPY }).last().click();
    await card.getByText(tr(L.COPIED_other, { count: 2, title })).waitFor();
    await shot(page, 'teacher-library-copied');
    await card.getByRole('link', { name: L.OPEN_CHAPTER }).click();
    await atPath(page, `/prof/administration/chapters/${ch.id}/raids`);
    await page.getByRole('heading', { name: mine, level: 1 }).waitFor();
    await page.getByRole('main').getByText(title, { exact: true }).first().waitFor();
    await shot(page, 'teacher-library-chapter');
    const raids = await demo.call<{ title: string; questionCount: number }[]>(
      'GET',
      `/chapters/${ch.id}/raids`,
    );
    expect(raids).toEqual([expect.objectContaining({ title, questionCount: 2 })]);
    await context.close();
  });

  test('the power mode changed in Settings is saved, then restored the same way', async () => {
    const before = await demo.call<{ powerMode: boolean }>('GET', `/professors/${demo.professorId}`);
    cleanup.push(() => demo.call('PUT', `/professors/${demo.professorId}`, { powerMode: before.powerMode }));
    const { page, context } = await newPage(browser, DESKTOP);
    await new LoginPage(page).signInTo('prof-demo', PASSWORD, '/prof/select');

    const setPowers = async (on: boolean) => {
      await fromMenu(page, fr.LAYOUT.MENU.MY_ACCOUNT, fr.LAYOUT.MENU.SETTINGS);
      await atPath(page, '/prof/account/settings');
      await page.getByRole('heading', { name: A.SETTINGS.TITLE, level: 1 }).waitFor();
      await page.getByRole('button', { name: fr.REGISTER.NEXT }).click();
      const choice = page.getByRole('radio', {
        name: new RegExp(on ? fr.ONBOARDING.POWERS_ON : fr.ONBOARDING.POWERS_OFF),
      });
      await choice.check({ force: true });
      if (!on) await shot(page, 'teacher-settings-powers');
      await page.getByRole('button', { name: fr.REGISTER.NEXT }).click();
      await page.getByRole('button', { name: A.SAVE }).click();
      await atPath(page, '/prof/account');
      await page.getByRole('heading', { name: A.TITLE, level: 1 }).waitFor();
      await page.getByText(A.SETTINGS.SAVED).waitFor();
    };

    await setPowers(!before.powerMode);
    expect(
      (await demo.call<{ powerMode: boolean }>('GET', `/professors/${demo.professorId}`)).powerMode,
    ).toBe(!before.powerMode);
    await shot(page, 'teacher-account');
    await setPowers(before.powerMode);
    expect(
      (await demo.call<{ powerMode: boolean }>('GET', `/professors/${demo.professorId}`)).powerMode,
    ).toBe(before.powerMode);
    // My information and Character choice open from the account home, filled with the account.
    await page.getByRole('link', { name: new RegExp(A.LINKS.INFORMATION) }).click();
    await page.getByRole('heading', { name: A.INFO.TITLE, level: 1 }).waitFor();
    expect(await page.getByLabel(A.INFO.EMAIL).inputValue()).toBe('prof-demo@demo.classe-raid.fr');
    expect(await page.getByLabel(A.INFO.LASTNAME, { exact: true }).inputValue()).toBe('Fontaine');
    await shot(page, 'teacher-account-information');
    await page.getByRole('link', { name: A.BACK }).click();
    await page.getByRole('link', { name: new RegExp(A.LINKS.AVATAR) }).click();
    await page.getByRole('heading', { name: A.AVATAR.TITLE, level: 1 }).waitFor();
    await page.locator('.avatar-grid img').first().waitFor();
    await shot(page, 'teacher-account-avatar');
    await context.close();
  });

  test('the /settings link sends an unknown or set-up teacher to login, and asks a new one to sign in', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await page.goto(`/settings/${demo.professorId}`);
    await atPath(page, '/login');
    await page.goto('/settings/00000000-0000-4000-8000-000000000000');
    await atPath(page, '/login');
    // prof-sciences has not chosen a character yet.
    await page.goto(`/settings/${sciences.professorId}`);
    await page.getByRole('heading', { name: A.SETUP_LINK.TITLE, level: 1 }).waitFor();
    await shot(page, 'teacher-settings-link');
    await page.getByRole('link', { name: A.SETUP_LINK.SIGN_IN }).click();
    await atPath(page, '/login');
    expect(thirdPartyRequests).toEqual([]);
    await context.close();
  });
});
