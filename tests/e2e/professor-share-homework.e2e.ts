// Issue 4 through the screens only (no API shortcut for the steps a teacher takes): prof-demo turns
// raid sharing on in Settings and ticks "share in the library" in a raid's form; prof-sciences finds
// that raid in the Shared library and copies it into a chapter. Then prof-demo sends a raid as
// homework from the chapter's raid list, a 5e B student sees it, and the teacher stops and deletes it
// on the Homework page. The chapters and raids the tests start from are made through the API and
// deleted at the end; prof-demo's sharing preference is put back.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { atPath, DESKTOP, launch, newPage, PHONE, scrollWidth, shot, thirdPartyRequests } from './browser';
import { ChaptersPage, F, R, RaidFormPage } from './pages/admin-raids';
import { cardOf } from './pages/choices';
import { fr, tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { A, Api, H, HomeworkPage, L, LibraryPage } from './pages/professor-library';
import { S as STUDENT, StudentWorldPages } from './pages/student-world';
import { fromMenu } from './pages/top-bar';

const PASSWORD = 'Craie-Verte-2026!';
const STUDENT_PASSWORD = 'Cartable-Bleu-7!';
// A 5e B student no other e2e file uses; they only look at their homework list.
const STUDENT_LOGIN = 'eleve13';
const RUN = String(Date.now() % 100000);

/** The raid list row of `title` in the chapter open on screen. */
const raidRow = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title, exact: true }) });

describe('sharing and homework through the screens (teacher)', () => {
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

  test('sharing turned on in Settings and ticked in the raid form: prof-sciences finds the raid and copies it', async () => {
    const before = await demo.call<{ shareRaids: boolean }>('GET', `/professors/${demo.professorId}`);
    cleanup.push(() =>
      demo.call('PUT', `/professors/${demo.professorId}`, { shareRaids: before.shareRaids }),
    );
    // A word no other raid has, so the library shows this raid alone.
    const word = `Thalesix${RUN}`;
    const title = `${word} : proportions`;
    const chapter = `Partage E2E ${RUN}`;
    const mine = await demo.chapterWithRaid(chapter, 4, 'MATHEMATICS', title);
    cleanup.push(() => demo.call('DELETE', `/chapters/${mine.chapterId}`));
    const target = `Reprises E2E ${RUN}`;
    const theirs = await sciences.call<{ id: string }>('POST', '/chapters', {
      name: target,
      level: 2,
      subjectId: await sciences.subjectId('PHYSICS_CHEMISTRY'),
    });
    cleanup.push(() => sciences.call('DELETE', `/chapters/${theirs.id}`));

    // prof-demo: My account > Settings, three steps, sharing on at the last one.
    const { page, context } = await newPage(browser, DESKTOP);
    await new LoginPage(page).signInTo('prof-demo', PASSWORD, '/prof/select');
    await fromMenu(page, fr.LAYOUT.MENU.MY_ACCOUNT, fr.LAYOUT.MENU.SETTINGS);
    await atPath(page, '/prof/account/settings');
    await page.getByRole('heading', { name: A.SETTINGS.TITLE, level: 1 }).waitFor();
    await page.getByRole('button', { name: fr.REGISTER.NEXT }).click();
    await page.getByRole('heading', { name: fr.ONBOARDING.POWERS_TITLE, level: 2 }).waitFor();
    await page.getByRole('button', { name: fr.REGISTER.NEXT }).click();
    await page.getByRole('heading', { name: fr.ONBOARDING.SHARING_TITLE, level: 2 }).waitFor();
    const shareOn = page.getByRole('radio', { name: new RegExp(fr.ONBOARDING.SHARE_ON) });
    // The step is prefilled with the current choice.
    expect(await shareOn.isChecked()).toBe(before.shareRaids);
    await cardOf(page, shareOn).click();
    await expect.poll(() => shareOn.isChecked()).toBe(true);
    await shot(page, 'share-1-settings-sharing');
    await page.getByRole('button', { name: A.SAVE }).click();
    await atPath(page, '/prof/account');
    await page.getByText(A.SETTINGS.SAVED).waitFor();

    // The chapter's raid list: the raid is not shared yet.
    const chapters = new ChaptersPage(page);
    await chapters.openFromMenu();
    await chapters.openRaids(chapter);
    const row = raidRow(page, title);
    await row.waitFor();
    expect(await row.getByText(R.SHARED_BADGE).count()).toBe(0);

    // A new raid's box starts from the preference, now on (leaving the untouched form asks nothing).
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    const form = new RaidFormPage(page);
    await page.getByRole('link', { name: R.NEW }).first().click();
    await page.getByRole('heading', { name: F.TITLE_NEW, level: 1 }).waitFor();
    await expect.poll(() => form.share().isChecked()).toBe(true);
    await page.getByRole('link', { name: `← ${chapter}` }).click();
    await row.waitFor();
    expect(dialogs).toEqual([]);

    // The existing raid keeps its own box (off): the teacher ticks it and saves.
    await row.getByRole('link', { name: R.EDIT }).click();
    await page.getByRole('heading', { name: F.TITLE_EDIT, level: 1 }).waitFor();
    await expect.poll(() => form.title().inputValue()).toBe(title);
    expect(await form.share().isChecked()).toBe(false);
    await form.share().check();
    await shot(page, 'share-2-raid-form-ticked', false);
    await form.save();
    await atPath(page, `/prof/administration/chapters/${mine.chapterId}/raids`);
    // The list shows the raid as shared (the success banner lasts 4 s: too short to wait for under load).
    await row.getByText(R.SHARED_BADGE).waitFor();
    await shot(page, 'share-3-raid-list-shared');
    await context.close();

    // prof-sciences (no character yet: the first sign-in opens the set-up, which the other files need
    // left undone) goes to the teacher home, then to the Shared library from the menu.
    const other = await newPage(browser, DESKTOP);
    const p2 = other.page;
    await new LoginPage(p2).signInTo('prof-sciences', PASSWORD, '/gar-signup');
    await p2.goto('/prof/select');
    const library = new LibraryPage(p2);
    await library.openFromMenu();
    await library.filter(fr.LEVELS['4'], fr.SUBJECTS.MATHEMATICS);
    const card = library.card(title);
    await card.waitFor();
    expect(await card.textContent()).toContain(tr(L.BY, { name: `${L.CIVILITY.MME} Fontaine` }));
    expect(await card.textContent()).toContain(tr(L.CHAPTER, { name: chapter }));
    // Searched by its word, with the filters on, it is the only result.
    await library.search(word.toLowerCase());
    await p2.getByText(tr(L.RESULTS_one, { count: 1 })).waitFor();
    await card.waitFor();
    expect(await scrollWidth(p2)).toBeLessThanOrEqual(DESKTOP.width);
    await shot(p2, 'share-4-library-found');

    await card.getByRole('button', { name: L.SHOW_QUESTIONS }).click();
    await card.getByText('Quelle est la formule de la masse volumique ?').waitFor();
    await card.getByRole('button', { name: L.COPY }).click();
    await card.getByLabel(L.INTO_CHAPTER).selectOption({ label: `${target} (${fr.LEVELS['2']})` });
    await card.getByRole('button', { name: L.COPY }).last().click();
    await card.getByText(tr(L.COPIED_other, { count: 2, title })).waitFor();
    await shot(p2, 'share-5-library-copied');
    await card.getByRole('link', { name: L.OPEN_CHAPTER }).click();
    await atPath(p2, `/prof/administration/chapters/${theirs.id}/raids`);
    await p2.getByRole('heading', { name: target, level: 1 }).waitFor();
    const copy = raidRow(p2, title);
    await copy.waitFor();
    // The copy is the other teacher's own: 2 questions, neither shared nor homework.
    expect(await copy.textContent()).toContain(tr(R.QUESTION_COUNT_other, { count: 2 }));
    expect(await copy.getByText(R.SHARED_BADGE).count()).toBe(0);
    expect(await copy.getByText(R.HOMEWORK_BADGE).count()).toBe(0);
    await shot(p2, 'share-6-copied-into-chapter');

    // Sharing is the author's master switch: put back off, the raid leaves the library.
    if (!before.shareRaids) {
      await demo.call('PUT', `/professors/${demo.professorId}`, { shareRaids: false });
      await library.openFromMenu();
      await library.search(word.toLowerCase());
      await p2.getByText(L.EMPTY).waitFor();
    }
    await other.context.close();
  }, 90_000);

  test('a raid sent as homework from the raid list reaches 5e B, then is stopped and deleted', async () => {
    const chapter = `Devoirs liste E2E ${RUN}`;
    const raid = `Proportionnalité ${RUN}`;
    const { chapterId } = await demo.chapterWithRaid(chapter, 5, 'MATHEMATICS', raid);
    cleanup.push(() => demo.call('DELETE', `/chapters/${chapterId}`));

    const { page, context } = await newPage(browser, DESKTOP);
    await new LoginPage(page).signInTo('prof-demo', PASSWORD, '/prof/select');
    const chapters = new ChaptersPage(page);
    await chapters.openFromMenu();
    await chapters.openRaids(chapter);
    const row = raidRow(page, raid);
    await row.waitFor();
    expect(await row.getByText(R.HOMEWORK_BADGE).count()).toBe(0);

    const openDialog = async () => {
      await row.getByRole('button', { name: `${R.SEND_HOMEWORK} ${raid}` }).click();
      const d = page.getByRole('dialog', { name: H.SEND_TITLE });
      await d.waitFor();
      await d.getByRole('checkbox', { name: /5e B/ }).waitFor();
      return d;
    };
    const dialog = await openDialog();
    // The name starts as the raid's title; no class chosen yet is refused in the dialog.
    expect(await dialog.getByLabel(H.NAME).inputValue()).toBe(raid);
    await dialog.getByRole('button', { name: H.SEND }).click();
    await dialog.getByRole('alert').filter({ hasText: H.ERRORS.CLASS_REQUIRED }).waitFor();
    const name = `Devoir liste ${RUN}`;
    await dialog.getByLabel(H.NAME).fill(name);
    await dialog.getByRole('checkbox', { name: /5e B/ }).check();
    await shot(page, 'homework-list-1-send-dialog');
    await dialog.getByRole('button', { name: H.SEND }).click();
    await page.getByText(tr(H.SENT_one, { count: 1 })).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(R.HOMEWORK_BADGE).waitFor();
    await shot(page, 'homework-list-2-badge');

    // The same raid cannot be ongoing twice for 5e B.
    const again = await openDialog();
    await again.getByRole('checkbox', { name: /5e B/ }).check();
    await again.getByRole('button', { name: H.SEND }).click();
    await again.getByRole('alert').filter({ hasText: H.ERRORS.ALREADY_ONGOING }).waitFor();
    await shot(page, 'homework-list-3-already-ongoing');
    await again.getByRole('button', { name: H.CANCEL }).click();
    await again.waitFor({ state: 'detached' });

    // A 5e B student finds it in their homework.
    const phone = await newPage(browser, PHONE);
    await new LoginPage(phone.page).signInTo(STUDENT_LOGIN, STUDENT_PASSWORD, '/student');
    const world = new StudentWorldPages(phone.page);
    await phone.page.goto('/student/raid-list');
    await world.heading(STUDENT.RAIDS.TITLE).waitFor();
    await world.card(name).waitFor();
    await shot(phone.page, 'homework-list-4-student-sees-it', false);

    // The Homework page lists it: stop, then delete.
    const homework = new HomeworkPage(page);
    await homework.openFromMenu();
    const hw = homework.row(name);
    await hw.waitFor();
    const text = await hw.textContent();
    expect(text).toContain('5e B');
    expect(text).toContain(raid);
    expect(text).toContain(fr.SUBJECTS.MATHEMATICS);
    expect(text).toContain(H.ONGOING);
    await hw.getByRole('button', { name: H.STOP }).click();
    await page.getByText(H.STOPPED).waitFor();
    await hw.getByText(H.FINISHED).waitFor();
    // Stopped: the student no longer has it to do.
    await phone.page.reload();
    await world.heading(STUDENT.RAIDS.TITLE).waitFor();
    await world.card('Les fractions').waitFor();
    expect(await world.card(name).count()).toBe(0);
    await phone.context.close();

    await hw.getByRole('button', { name: H.DELETE }).click();
    await hw.getByText(tr(H.CONFIRM_DELETE, { name })).waitFor();
    await hw.getByRole('button', { name: H.DELETE }).click();
    await page.getByText(H.DELETED).waitFor();
    await hw.waitFor({ state: 'detached' });
    await shot(page, 'homework-list-5-deleted');

    // Back on the raid list: no homework uses the raid any more.
    await chapters.openFromMenu();
    await chapters.openRaids(chapter);
    await row.waitFor();
    expect(await row.getByText(R.HOMEWORK_BADGE).count()).toBe(0);
    expect(thirdPartyRequests).toEqual([]);
    await context.close();
  }, 90_000);
});
