// The shared library, the homework list and the teacher's account pages (issue 4).
import type { Locator, Page } from 'playwright-core';
import library from '../../../client/src/i18n/locales/fr/library.json';
import { atPath } from '../browser';
import { fr, tr } from './fr';
import { fromMenu } from './top-bar';

export const L = library.LIBRARY;
export const H = library.HOMEWORK;
export const A = library.ACCOUNT;

/** The REST API as a signed-in user (test data set-up and checks). */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly professorId: string,
  ) {}

  static async signIn(baseUrl: string, login: string, password: string) {
    const res = await fetch(`${baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login, password }),
    });
    if (res.status !== 200) throw new Error(`signin ${login}: ${res.status}`);
    const u = (await res.json()) as { accessToken: string; professorId: string };
    return new Api(baseUrl, u.accessToken, u.professorId);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  }

  async subjectId(code: string) {
    const list = await this.call<{ id: string; code: string }[]>('GET', '/subjects');
    return list.find((s) => s.code === code)?.id as string;
  }

  /** A chapter and one raid of two questions, both named by the caller. */
  async chapterWithRaid(chapter: string, level: number, subject: string, raid: string, shared = false) {
    const ch = await this.call<{ id: string }>('POST', '/chapters', {
      name: chapter,
      level,
      subjectId: await this.subjectId(subject),
    });
    const r = await this.call<{ id: string }>('POST', `/chapters/${ch.id}/raids`, {
      title: raid,
      shared,
      questions: [
        {
          text: 'Quelle est la formule de la masse volumique ?',
          answers: [
            { text: 'ρ = m / V', isCorrect: true },
            { text: 'ρ = m × V', isCorrect: false },
          ],
        },
        {
          text: 'Un bécher sert à :',
          answers: [
            { text: 'contenir un liquide', isCorrect: true },
            { text: 'mesurer une masse', isCorrect: false },
          ],
        },
      ],
    });
    return { chapterId: ch.id, raidId: r.id };
  }
}

async function fromAdministration(page: Page, label: string, path: string) {
  await fromMenu(page, fr.LAYOUT.MENU.ADMINISTRATION, label);
  await atPath(page, path);
}

export class HomeworkPage {
  constructor(readonly page: Page) {}
  readonly heading = () => this.page.getByRole('heading', { name: H.TITLE, level: 1 });
  readonly row = (name: string): Locator =>
    this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });

  async openFromMenu() {
    await fromAdministration(this.page, fr.LAYOUT.MENU.HOMEWORK, '/prof/administration/homework');
    await this.heading().waitFor();
  }

  /** Picks the raid, then in the dialog the classes and the name, and sends. */
  async send(chapter: string, raid: string, classes: string[], name: string) {
    await this.page.getByRole('button', { name: H.NEW }).click();
    await this.page.getByLabel(H.CHAPTER, { exact: true }).selectOption({ label: chapter });
    await this.page.getByLabel(H.RAID, { exact: true }).selectOption({ label: raid });
    await this.page.getByRole('button', { name: H.NEXT }).click();
    const dialog = this.page.getByRole('dialog', { name: H.SEND_TITLE });
    for (const c of classes) await dialog.getByRole('checkbox', { name: new RegExp(c) }).check();
    await dialog.getByLabel(H.NAME, { exact: true }).fill(name);
    return dialog;
  }
}

export class LibraryPage {
  constructor(readonly page: Page) {}
  readonly heading = () => this.page.getByRole('heading', { name: L.TITLE, level: 1 });
  readonly card = (title: string): Locator =>
    this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) });

  async openFromMenu() {
    await fromAdministration(this.page, fr.LAYOUT.MENU.LIBRARY, '/prof/administration/library');
    await this.heading().waitFor();
  }

  async search(words: string) {
    await this.page.getByLabel(L.SEARCH, { exact: true }).fill(words);
    await this.page.getByRole('button', { name: L.SEARCH_BUTTON }).click();
  }

  async filter(level: string, subject: string) {
    await this.page.getByRole('combobox', { name: L.LEVEL, exact: true }).selectOption({ label: level });
    await this.page.getByRole('combobox', { name: L.SUBJECT, exact: true }).selectOption({ label: subject });
  }

  /** French says 0 and 1 in the singular. */
  copiedText = (count: number, title: string) =>
    tr(count < 2 ? L.COPIED_one : L.COPIED_other, { count, title });
}
