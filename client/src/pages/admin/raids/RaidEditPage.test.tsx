import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../../../shared/constants';
import { ERR } from '../../../../../shared/errors';
import type { ChapterDto, RaidDto } from '../../../../../shared/schemas/raid';
import { SessionProvider, useSession } from '../../../app/session';
import {
  fieldError,
  type Handler,
  mockApi,
  renderPage,
  storedUserFixture,
  tx,
  where,
} from '../../../test-utils/page';
import RaidEditPage from './RaidEditPage';

afterEach(() => vi.unstubAllGlobals());

/** The kind fields of a plain choice question, as the raid routes answer them (issue 23). */
const CHOICE = {
  kind: 'choice',
  number: null,
  textAnswer: null,
  poll: null,
  explanation: null,
  explanationImagePath: null,
} as const;
const Q1 = 'f0000000-0000-4000-8000-000000000001';
const Q2 = 'f0000000-0000-4000-8000-000000000002';
const CH = 'c0000000-0000-4000-8000-000000000001';
const RAID = 'r0000000-0000-4000-8000-000000000001';
const chapter: ChapterDto = {
  id: CH,
  name: 'Fractions',
  level: 5,
  subjectId: 's1',
  subjectCode: 'MATHEMATICS',
  raidCount: 1,
  updatedAt: '2026-03-04T08:07:00.000Z',
};
const raid: RaidDto = {
  id: RAID,
  chapterId: CH,
  title: 'Les fractions',
  shared: true,
  isHomework: false,
  updatedAt: '2026-03-04T08:07:00.000Z',
  questions: [
    {
      ...CHOICE,
      id: Q1,
      text: 'Combien vaut $$\\frac{1}{2}$$ ?',
      equationMode: true,
      imagePath: 'pic.png',
      answers: [
        { id: 'a1', text: '$$0{,}5$$', isCorrect: true },
        { id: 'a2', text: '$$\\frac{1}{0$$', isCorrect: false },
      ],
    },
    {
      ...CHOICE,
      id: Q2,
      text: 'Deuxième ?',
      equationMode: false,
      imagePath: null,
      answers: [
        { id: 'a3', text: 'Oui', isCorrect: false },
        { id: 'a4', text: 'Non', isCorrect: true },
      ],
    },
  ],
};
const CREATE = `/prof/administration/chapters/${CH}/raids/create`;
const EDIT = `/prof/administration/chapters/${CH}/raids/${RAID}`;
const PATTERN_CREATE = '/prof/administration/chapters/:chapterId/raids/create';
const PATTERN_EDIT = '/prof/administration/chapters/:chapterId/raids/:raidId';
const card = (n: number) => screen.getByRole('listitem', { name: tx('RAIDS.FORM.QUESTION_N', { n }) });
const answer = (n: number, a: number) =>
  within(card(n)).getByRole('textbox', { name: tx('RAIDS.FORM.ANSWER_N', { n: a }) });
const correct = (n: number, a: number) =>
  within(card(n)).getByRole('checkbox', {
    name: `${tx('RAIDS.FORM.CORRECT')} (${tx('RAIDS.FORM.ANSWER_N', { n: a })})`,
  });

/** Refreshes the session record, as another tab saving the teacher's settings would. */
function Refresh() {
  const { refresh } = useSession();
  return (
    <button type="button" onClick={() => void refresh()}>
      refresh
    </button>
  );
}

describe('RaidEditPage', { timeout: 20_000 }, () => {
  it('checks every field with the shared rules before sending and shows each message next to its field', async () => {
    const calls = mockApi([{ method: 'GET', path: `/chapters/${CH}`, body: chapter }]);
    renderPage(<RaidEditPage />, PATTERN_CREATE, CREATE);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: tx('RAIDS.FORM.TITLE_NEW'), level: 1 });
    await user.click(screen.getByRole('button', { name: tx('RAIDS.FORM.SAVE') }));
    const title = screen.getByLabelText(tx('RAIDS.FORM.RAID_TITLE'));
    expect(fieldError(title)).toBe(tx(ERR.REQUIRED));
    expect(fieldError(within(card(1)).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')))).toBe(tx(ERR.REQUIRED));
    expect(fieldError(answer(1, 1))).toBe(tx(ERR.ANSWER_REQUIRED));
    expect(within(card(1)).getByText(tx(ERR.CORRECT_ANSWER_REQUIRED))).toBeTruthy();
    expect(screen.getByText(tx('RAIDS.FORM.FIX_ERRORS'))).toBeTruthy();

    // Typing fixes the messages one by one; a too long title and a duplicate question are caught too.
    await user.click(title);
    await user.paste('t'.repeat(76));
    expect(fieldError(title)).toBe(tx(ERR.RAID_TITLE_TOO_LONG));
    expect(screen.getByText('76/75')).toBeTruthy();
    await user.type(within(card(1)).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')), 'Même ?');
    await user.type(answer(1, 1), 'A');
    await user.type(answer(1, 2), 'B');
    await user.click(correct(1, 1));
    expect(within(card(1)).queryByText(tx(ERR.CORRECT_ANSWER_REQUIRED))).toBeNull();
    await user.click(screen.getByRole('button', { name: `+ ${tx('RAIDS.FORM.ADD_QUESTION')}` }));
    await user.type(within(card(2)).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')), 'même ?');
    expect(fieldError(within(card(2)).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')))).toBe(
      tx(ERR.DUPLICATE_QUESTION),
    );
    // An answer cannot go below two.
    expect(
      (
        within(card(1)).getByRole('button', {
          name: tx('RAIDS.FORM.REMOVE_ANSWER', { n: 1 }),
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a raid with the sharing default of the teacher, and shows "Raid title already used" under the title', async () => {
    localStorage.setItem(
      'user',
      JSON.stringify(storedUserFixture({ role: 'PROFESSOR', id: 'u1', professorId: 'p1' })),
    );
    const calls = mockApi([
      { method: 'GET', path: '/users/u1', body: { id: 'u1', role: 'PROFESSOR' } },
      { method: 'GET', path: `/chapters/${CH}`, body: chapter },
      { method: 'GET', path: '/professors/p1', body: { id: 'p1', shareRaids: true, powerMode: true } },
      {
        method: 'POST',
        path: `/chapters/${CH}/raids`,
        status: 409,
        body: { message: ERR.RAID_TITLE_TAKEN, field: 'title' },
      },
    ]);
    renderPage(
      <SessionProvider>
        <RaidEditPage />
      </SessionProvider>,
      PATTERN_CREATE,
      CREATE,
    );
    const user = userEvent.setup();
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: tx('RAIDS.FORM.SHARE') }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    const title = await screen.findByLabelText(tx('RAIDS.FORM.RAID_TITLE'));
    await user.type(title, 'Les fractions');
    await user.type(within(card(1)).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')), 'Un demi ?');
    await user.type(answer(1, 1), '0,5');
    await user.type(answer(1, 2), '2');
    await user.click(correct(1, 1));
    await user.click(screen.getByRole('button', { name: tx('RAIDS.FORM.SAVE') }));
    await waitFor(() => expect(fieldError(title)).toBe(tx(ERR.RAID_TITLE_TAKEN)));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      title: 'Les fractions',
      shared: true,
      questions: [
        {
          ...CHOICE,
          explanationImagePath: null,
          text: 'Un demi ?',
          equationMode: false,
          imagePath: null,
          answers: [
            { text: '0,5', isCorrect: true },
            { text: '2', isCorrect: false },
          ],
        },
      ],
    });
  });

  it('keeps the edits of a new raid when the session record arrives or changes its sharing preference', async () => {
    localStorage.setItem(
      'user',
      JSON.stringify(storedUserFixture({ role: 'PROFESSOR', id: 'u1', professorId: 'p1' })),
    );
    const me: Handler = {
      method: 'GET',
      path: '/users/u1',
      body: { id: 'u1', role: 'PROFESSOR', professor: { id: 'p1', shareRaids: false } },
    };
    const calls = mockApi([
      me,
      { method: 'GET', path: `/chapters/${CH}`, body: chapter },
      { method: 'GET', path: '/professors/p1', body: { id: 'p1', shareRaids: false, powerMode: true } },
    ]);
    const count = (end: string) => calls.filter((c) => c.method === 'GET' && c.url.endsWith(end)).length;
    renderPage(
      <SessionProvider>
        <RaidEditPage />
        <Refresh />
      </SessionProvider>,
      PATTERN_CREATE,
      CREATE,
    );
    const user = userEvent.setup();
    await screen.findByLabelText(tx('RAIDS.FORM.RAID_TITLE'));
    await waitFor(() => expect(count('/users/u1')).toBe(1));
    const share = () => screen.getByRole('checkbox', { name: tx('RAIDS.FORM.SHARE') }) as HTMLInputElement;
    expect(share().checked).toBe(false);
    await user.type(screen.getByLabelText(tx('RAIDS.FORM.RAID_TITLE')), 'Mes puissances');
    await user.click(share());
    // The teacher saves "share my raids" in another tab: the session record refreshes meanwhile.
    me.body = { id: 'u1', role: 'PROFESSOR', professor: { id: 'p1', shareRaids: true } };
    await user.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(count('/users/u1')).toBe(2));
    await new Promise((r) => setTimeout(r, 50));
    expect((screen.getByLabelText(tx('RAIDS.FORM.RAID_TITLE')) as HTMLInputElement).value).toBe(
      'Mes puissances',
    );
    expect(share().checked).toBe(true);
    // Loaded once: neither the record's arrival nor its change reloaded the form.
    expect(count(`/chapters/${CH}`)).toBe(1);
    expect(count('/professors/p1')).toBe(1);
  });

  it('loads a raid, previews formulas (a broken one as plain text), reorders and saves it in the new order', async () => {
    const calls = mockApi([
      { method: 'GET', path: `/chapters/${CH}`, body: chapter },
      { method: 'GET', path: `/raids/${RAID}`, body: raid },
      { method: 'PUT', path: `/raids/${RAID}`, body: raid },
    ]);
    renderPage(<RaidEditPage />, PATTERN_EDIT, EDIT);
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: tx('RAIDS.FORM.TITLE_EDIT'), level: 1 });
    expect((screen.getByLabelText(tx('RAIDS.FORM.RAID_TITLE')) as HTMLInputElement).value).toBe(
      'Les fractions',
    );
    const img = within(card(1)).getByRole('img', { name: tx('RAIDS.FORM.IMAGE_ALT', { n: 1 }) });
    expect(img.getAttribute('src')).toBe('/uploads/questions/pic.png');
    // KaTeX arrives lazily; the formula that cannot render stays plain text.
    await waitFor(() => expect(card(1).querySelector('.katex')).not.toBeNull(), { timeout: 5000 });
    expect(card(1).querySelector('.katex-error')).toBeNull();
    expect(within(card(1)).getByText('\\frac{1}{0')).toBeTruthy();

    await user.click(within(card(1)).getByRole('button', { name: tx('RAIDS.FORM.MOVE_DOWN', { n: 1 }) }));
    expect(
      (within(card(1)).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')) as HTMLTextAreaElement).value,
    ).toBe('Deuxième ?');
    expect(screen.getByText(tx('RAIDS.FORM.MOVED', { n: 2 }))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: tx('RAIDS.FORM.SAVE') }));
    await waitFor(() => expect(where()).toBe(`/prof/administration/chapters/${CH}/raids`));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      questions: [
        expect.objectContaining({ id: Q2, text: 'Deuxième ?', imagePath: null }),
        expect.objectContaining({ id: Q1, text: 'Combien vaut $$\\frac{1}{2}$$ ?', imagePath: 'pic.png' }),
      ],
    });
  });

  it('reorders by dragging a question onto another', async () => {
    mockApi([
      { method: 'GET', path: `/chapters/${CH}`, body: chapter },
      { method: 'GET', path: `/raids/${RAID}`, body: raid },
    ]);
    renderPage(<RaidEditPage />, PATTERN_EDIT, EDIT);
    await screen.findByRole('heading', { name: tx('RAIDS.FORM.TITLE_EDIT'), level: 1 });
    const dataTransfer = { setData: vi.fn(), setDragImage: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(within(card(2)).getByTitle(tx('RAIDS.FORM.DRAG', { n: 2 })), { dataTransfer });
    fireEvent.dragEnter(card(1), { dataTransfer });
    fireEvent.drop(card(1), { dataTransfer });
    expect(
      (within(card(1)).getByLabelText(tx('RAIDS.FORM.QUESTION_TEXT')) as HTMLTextAreaElement).value,
    ).toBe('Deuxième ?');
  });

  it('refuses an image over 10 MB or of another type without sending it, and uploads a PNG', async () => {
    const calls = mockApi([
      { method: 'GET', path: `/chapters/${CH}`, body: chapter },
      { method: 'GET', path: `/raids/${RAID}`, body: raid },
      { method: 'POST', path: '/raids/images', status: 201, body: { imagePath: 'new.png' } },
    ]);
    renderPage(<RaidEditPage />, PATTERN_EDIT, EDIT);
    await screen.findByRole('heading', { name: tx('RAIDS.FORM.TITLE_EDIT'), level: 1 });
    const input = within(card(2)).getByLabelText(tx('RAIDS.FORM.IMAGE')) as HTMLInputElement;
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: IMAGE_MAX_BYTES + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(within(card(2)).getByText(tx(ERR.IMAGE_TOO_LARGE))).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect(within(card(2)).getByText(tx(ERR.IMAGE_TYPE))).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/raids/images')).toBe(false);
    fireEvent.change(input, { target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] } });
    const img = await within(card(2)).findByRole('img', { name: tx('RAIDS.FORM.IMAGE_ALT', { n: 2 }) });
    expect(img.getAttribute('src')).toBe('/uploads/questions/new.png');
    expect(within(card(2)).queryByText(tx(ERR.IMAGE_TYPE))).toBeNull();
  });

  it('asks before leaving with unsaved changes, not without', async () => {
    mockApi([
      { method: 'GET', path: `/chapters/${CH}`, body: chapter },
      { method: 'GET', path: `/raids/${RAID}`, body: raid },
    ]);
    renderPage(<RaidEditPage />, PATTERN_EDIT, EDIT);
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const title = await screen.findByLabelText(tx('RAIDS.FORM.RAID_TITLE'));
    await user.type(title, ' 2');
    await user.click(screen.getByRole('link', { name: tx('RAIDS.FORM.CANCEL') }));
    expect(confirm).toHaveBeenCalledWith(tx('RAIDS.FORM.LEAVE_CONFIRM'));
    expect(where()).toBe(EDIT);
    await user.type(title, '{Backspace}{Backspace}');
    confirm.mockClear();
    await user.click(screen.getByRole('link', { name: tx('RAIDS.FORM.CANCEL') }));
    expect(confirm).not.toHaveBeenCalled();
    expect(where()).toBe(`/prof/administration/chapters/${CH}/raids`);
    confirm.mockRestore();
  });

  it('says so when the raid is not the teacher’s (404)', async () => {
    mockApi([{ method: 'GET', path: `/chapters/${CH}`, body: chapter }]);
    renderPage(<RaidEditPage />, PATTERN_EDIT, EDIT);
    await screen.findByText(tx(ERR.NOT_FOUND));
  });
});
