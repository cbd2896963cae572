import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LibraryRaid, LibraryRaidDetail } from '../../../api/library';
import { mockApi, renderPage, tx } from '../../../test-utils/page';
import LibraryPage from './LibraryPage';

afterEach(() => vi.unstubAllGlobals());

/** The kind fields of a plain choice question (issue 23). */
const CHOICE = {
  kind: 'choice',
  number: null,
  textAnswer: null,
  poll: null,
  explanation: null,
  explanationImagePath: null,
} as const;

const RAID: LibraryRaid = {
  id: 'r1',
  title: 'Vitesse et forces',
  level: 2,
  chapterName: 'Mouvement et interactions',
  subject: { id: 's-phys', code: 'PHYSICS_CHEMISTRY' },
  author: { civility: 'M', lastName: 'Lemaire' },
  questionCount: 2,
  updatedAt: '2026-03-04T08:07:00.000Z',
};
const DETAIL: LibraryRaidDetail = {
  ...RAID,
  questions: [
    {
      id: 'q1',
      text: 'Sur Terre, g vaut environ :',
      equationMode: false,
      imagePath: null,
      ...CHOICE,
      answers: [
        { text: '9,8 N/kg', isCorrect: true },
        { text: '98 N/kg', isCorrect: false },
      ],
    },
    {
      id: 'q2',
      text: 'Quelle est l’unité du newton ?',
      equationMode: false,
      imagePath: null,
      ...CHOICE,
      answers: [
        { text: 'Une force', isCorrect: true },
        { text: 'Une masse', isCorrect: false },
      ],
    },
  ],
};
const CHAPTERS = [
  {
    id: 'ch1',
    name: 'Forces',
    level: 2,
    subjectId: 's-phys',
    subjectCode: 'PHYSICS_CHEMISTRY',
    raidCount: 1,
    updatedAt: '2026-03-01T08:00:00.000Z',
  },
];
const SUBJECTS = [
  { id: 's-phys', code: 'PHYSICS_CHEMISTRY', name: 'Physique-chimie', group: 'MAIN', position: 1 },
];

const handlers = (search: LibraryRaid[] = [RAID]) => [
  { method: 'GET', path: '/subjects', body: SUBJECTS },
  { method: 'GET', path: '/chapters', body: CHAPTERS },
  { method: 'GET', path: /^\/library\/raids(\?.*)?$/, body: search },
  { method: 'GET', path: '/library/raids/r1', body: DETAIL },
  { method: 'GET', path: '/chapters/ch1/raids', body: [{ id: 'mine', title: 'Mes forces' }] },
];

describe('LibraryPage', () => {
  it('searches with words, level and subject, and shows each raid with its author and count', async () => {
    const calls = mockApi(handlers());
    const user = userEvent.setup();
    renderPage(<LibraryPage />, '/prof/administration/library');
    const card = (await screen.findByRole('heading', { name: 'Vitesse et forces' })).closest(
      'li',
    ) as HTMLElement;
    expect(
      within(card).getByText(tx('LIBRARY.BY', { name: `${tx('LIBRARY.CIVILITY.M')} Lemaire` }), {
        exact: false,
      }),
    ).toBeTruthy();
    expect(within(card).getByText(tx('LEVELS.2'))).toBeTruthy();
    await user.type(screen.getByLabelText(tx('LIBRARY.SEARCH')), 'durée');
    await user.click(screen.getByRole('button', { name: tx('LIBRARY.SEARCH_BUTTON') }));
    await user.selectOptions(screen.getByLabelText(tx('LIBRARY.LEVEL')), '2');
    await user.selectOptions(screen.getByLabelText(tx('LIBRARY.SUBJECT')), 's-phys');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain('/api/library/raids?q=dur%C3%A9e&level=2&subjectId=s-phys'),
    );
  });

  it('shows formulas rendered, not as raw $$ TeX, in the questions and answers', async () => {
    const withMath: LibraryRaidDetail = {
      ...DETAIL,
      questions: [
        {
          id: 'q1',
          text: 'Combien vaut $$\\frac{1}{2} + \\frac{1}{4}$$ ?',
          equationMode: false,
          imagePath: null,
          ...CHOICE,
          answers: [
            { text: '$$\\frac{3}{4}$$', isCorrect: true },
            { text: '$$\\frac{2}{6}$$', isCorrect: false },
          ],
        },
      ],
    };
    mockApi([{ method: 'GET', path: '/library/raids/r1', body: withMath }, ...handlers()]);
    const user = userEvent.setup();
    renderPage(<LibraryPage />, '/prof/administration/library');
    await user.click(await screen.findByRole('button', { name: tx('LIBRARY.SHOW_QUESTIONS') }));
    await waitFor(() => expect(document.querySelectorAll('.lib__questions .katex').length).toBe(3));
    const shown = document.querySelector('.lib__questions')?.textContent ?? '';
    expect(shown).not.toContain('$$');
    expect(shown).not.toContain('\\frac');
  });

  it("shows each kind's question and right answers readably, and the explanation", async () => {
    const kinds: LibraryRaidDetail = {
      ...RAID,
      questions: [
        {
          ...CHOICE,
          id: 'q1',
          text: 'La vitesse du son ?',
          equationMode: false,
          imagePath: null,
          answers: [],
          kind: 'number',
          number: { value: 340.5, tolerance: 0.05, toleranceMode: 'relative', unit: 'm/s' },
          explanation: 'Dans l’air à 20 °C.',
          explanationImagePath: 'son.png',
        },
        {
          ...CHOICE,
          id: 'q2',
          text: 'Capitale de la Corse ?',
          equationMode: false,
          imagePath: null,
          answers: [],
          kind: 'text',
          textAnswer: {
            accepted: ['Ajaccio', 'Aiacciu'],
            ignoreCase: true,
            ignoreAccents: false,
            allowTypo: true,
          },
        },
        {
          ...CHOICE,
          id: 'q3',
          text: 'Dans l’ordre',
          equationMode: false,
          imagePath: null,
          kind: 'order',
          answers: [
            { text: 'Antiquité', isCorrect: false },
            { text: 'Moyen Âge', isCorrect: false },
            { text: 'Renaissance', isCorrect: false },
          ],
        },
        {
          ...CHOICE,
          id: 'q4',
          text: 'Sûrs ?',
          equationMode: false,
          imagePath: null,
          kind: 'poll',
          poll: { pollMode: 'text' },
          answers: [],
        },
      ],
    };
    mockApi([{ method: 'GET', path: '/library/raids/r1', body: kinds }, ...handlers()]);
    const user = userEvent.setup();
    renderPage(<LibraryPage />, '/prof/administration/library');
    await user.click(await screen.findByRole('button', { name: tx('LIBRARY.SHOW_QUESTIONS') }));
    const item = (text: string) => screen.getByText(text).closest('li.lib__question') as HTMLElement;
    await screen.findByText('La vitesse du son ?');
    const number = item('La vitesse du son ?');
    expect(within(number).getByText(tx('RAIDS.FORM.KINDS.number'))).toBeTruthy();
    expect(number.textContent).toContain(`${tx('LIBRARY.RIGHT_VALUE', { value: '340,5 m/s' })} ± 5 %`);
    expect(number.textContent).toContain(`${tx('LIBRARY.EXPLANATION')} Dans l’air à 20 °C.`);
    expect(
      within(number)
        .getByRole('img', { name: tx('LIBRARY.EXPLANATION_IMAGE') })
        .getAttribute('src'),
    ).toBe('/uploads/questions/son.png');
    const text = item('Capitale de la Corse ?');
    expect(text.textContent).toContain(tx('LIBRARY.ACCEPTED'));
    expect(within(text).getAllByText(tx('LIBRARY.CORRECT'), { exact: false })).toHaveLength(2);
    expect(text.textContent).toContain(`${tx('RAIDS.FORM.IGNORE_CASE')} · ${tx('RAIDS.FORM.ALLOW_TYPO')}`);
    const order = item('Dans l’ordre');
    expect([...order.querySelectorAll('ol li')].map((li) => li.textContent)).toEqual([
      'Antiquité',
      'Moyen Âge',
      'Renaissance',
    ]);
    expect(item('Sûrs ?').textContent).toContain(`${tx('LIBRARY.POLL')} · ${tx('LIBRARY.POLL_TYPED_TEXT')}`);
  });

  it('says when nothing matches', async () => {
    mockApi(handlers([]));
    renderPage(<LibraryPage />, '/prof/administration/library');
    expect(await screen.findByText(tx('LIBRARY.EMPTY'))).toBeTruthy();
  });

  it('shows the questions with their correct answers and copies the chosen ones into a raid of a chapter', async () => {
    const calls = mockApi([
      ...handlers(),
      {
        method: 'POST',
        path: '/library/raids/r1/copy',
        status: 201,
        body: {
          raidId: 'mine',
          chapterId: 'ch1',
          title: 'Mes forces',
          copied: 0,
          skipped: ['Sur Terre, g vaut environ :'],
          missingImages: 0,
        },
      },
    ]);
    const user = userEvent.setup();
    renderPage(<LibraryPage />, '/prof/administration/library');
    await user.click(await screen.findByRole('button', { name: tx('LIBRARY.SHOW_QUESTIONS') }));
    expect(await screen.findByText('Sur Terre, g vaut environ :')).toBeTruthy();
    expect(screen.getByText('9,8 N/kg').className).toContain('is-correct');
    expect(screen.getByText('98 N/kg').className).not.toContain('is-correct');
    await user.click(
      screen.getByRole('checkbox', {
        name: tx('LIBRARY.SELECT_QUESTION', { text: 'Sur Terre, g vaut environ :' }),
      }),
    );
    await user.click(screen.getByRole('button', { name: tx('LIBRARY.COPY') }));
    expect(screen.getByRole('heading', { name: tx('LIBRARY.COPY_SELECTED', { count: 1 }) })).toBeTruthy();
    // No chapter chosen yet: said, nothing sent.
    const copyButtons = () => screen.getAllByRole('button', { name: tx('LIBRARY.COPY') });
    await user.click(copyButtons()[1]);
    expect(screen.getByRole('alert').textContent).toBe(tx('LIBRARY.ERRORS.CHAPTER_REQUIRED'));
    await user.selectOptions(screen.getByLabelText(tx('LIBRARY.INTO_CHAPTER')), 'ch1');
    await screen.findByRole('option', { name: 'Mes forces' });
    await user.selectOptions(screen.getByLabelText(tx('LIBRARY.INTO_RAID')), 'mine');
    await user.click(copyButtons()[1]);
    expect(await screen.findByText(tx('LIBRARY.COPIED', { count: 0, title: 'Mes forces' }))).toBeTruthy();
    expect(screen.getByText(tx('LIBRARY.SKIPPED', { count: 1 }))).toBeTruthy();
    expect(screen.getByRole('link', { name: tx('LIBRARY.OPEN_CHAPTER') }).getAttribute('href')).toBe(
      '/prof/administration/chapters/ch1/raids',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      chapterId: 'ch1',
      targetRaidId: 'mine',
      questionIds: ['q1'],
    });
  });

  it('shows a refused copy', async () => {
    mockApi([
      ...handlers(),
      {
        method: 'POST',
        path: '/library/raids/r1/copy',
        status: 400,
        body: { message: 'RAIDS.ERRORS.TOO_MANY_QUESTIONS' },
      },
    ]);
    const user = userEvent.setup();
    renderPage(<LibraryPage />, '/prof/administration/library');
    await user.click(await screen.findByRole('button', { name: tx('LIBRARY.COPY') }));
    expect(screen.getByRole('heading', { name: tx('LIBRARY.COPY_ALL') })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(tx('LIBRARY.INTO_CHAPTER')), 'ch1');
    await user.click(screen.getAllByRole('button', { name: tx('LIBRARY.COPY') })[1]);
    expect((await screen.findByRole('alert')).textContent).toBe(tx('RAIDS.ERRORS.TOO_MANY_QUESTIONS'));
  });

  it('a quick change of chapter never shows the previous chapter’s raids, and drops its late answer', async () => {
    const second = { ...CHAPTERS[0], id: 'ch2', name: 'Énergie' };
    mockApi([
      { method: 'GET', path: '/chapters', body: [...CHAPTERS, second] },
      { method: 'GET', path: '/chapters/ch2/raids', body: [{ id: 'r-ch2', title: 'Mon énergie' }] },
      ...handlers(),
    ]);
    // The first chapter's raids arrive late, after the second chapter's.
    const answer = globalThis.fetch;
    let release!: () => void;
    const late = new Promise<void>((r) => {
      release = r;
    });
    let firstSignal: AbortSignal | undefined;
    let read!: () => void;
    const lateRead = new Promise<void>((r) => {
      read = r;
    });
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (String(input) !== '/api/chapters/ch1/raids') return answer(input, init);
      firstSignal = init?.signal ?? undefined;
      await late;
      const res = await answer(input, init);
      return { ...res, json: () => res.json().finally(read) };
    });
    const user = userEvent.setup();
    renderPage(<LibraryPage />, '/prof/administration/library');
    await user.click(await screen.findByRole('button', { name: tx('LIBRARY.COPY') }));
    const chapter = screen.getByLabelText(tx('LIBRARY.INTO_CHAPTER'));
    await user.selectOptions(chapter, 'ch1');
    await waitFor(() => expect(firstSignal).toBeDefined());
    await user.selectOptions(chapter, 'ch2');
    await screen.findByRole('option', { name: 'Mon énergie' });
    // The first chapter's call is cancelled; its answer, when it comes, is not shown.
    expect(firstSignal?.aborted).toBe(true);
    release();
    await lateRead;
    await act(async () => {});
    const raidOptions = () =>
      within(screen.getByLabelText(tx('LIBRARY.INTO_RAID')))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(raidOptions()).toEqual([tx('LIBRARY.NEW_RAID'), 'Mon énergie']);
    expect(screen.queryByRole('option', { name: 'Mes forces' })).toBeNull();
  });
});
