import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERR } from '../../../../../shared/errors';
import type { ChapterDto } from '../../../../../shared/schemas/raid';
import { formatDateTime } from '../../../lib/dates';
import { fieldError, mockApi, renderPage, tx, where } from '../../../test-utils/page';
import ChaptersPage from './ChaptersPage';

afterEach(() => vi.unstubAllGlobals());

const MATHS = 'a0000000-0000-4000-8000-000000000001';
const chapter = (over: Partial<ChapterDto> = {}): ChapterDto => ({
  id: 'c0000000-0000-4000-8000-000000000001',
  name: 'Fractions',
  level: 5,
  subjectId: MATHS,
  subjectCode: 'MATHEMATICS',
  raidCount: 2,
  updatedAt: '2026-03-04T08:07:00.000Z',
  ...over,
});
const SUBJECTS = [
  { id: MATHS, code: 'MATHEMATICS', name: 'Mathematics', group: 'MAIN' },
  { id: 'a0000000-0000-4000-8000-000000000002', code: 'FRENCH', name: 'French', group: 'MAIN' },
];
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('ChaptersPage', { timeout: 20_000 }, () => {
  it('lists each chapter with its level label, subject, raid count and updated date', async () => {
    mockApi([
      {
        method: 'GET',
        path: '/chapters',
        body: [chapter(), chapter({ id: 'c2', name: 'Lycée', level: 0, raidCount: 0 })],
      },
      { method: 'GET', path: '/subjects', body: SUBJECTS },
    ]);
    renderPage(<ChaptersPage />, '/prof/administration/chapters');
    const row = within(await waitFor(() => rowOf('Fractions')));
    expect(row.getByText(tx('LEVELS.5'))).toBeTruthy();
    expect(row.getByText(tx('SUBJECTS.MATHEMATICS'))).toBeTruthy();
    expect(row.getByText('2')).toBeTruthy();
    expect(row.getByText(formatDateTime('2026-03-04T08:07:00.000Z'))).toBeTruthy();
    expect(within(rowOf('Lycée')).getByText(tx('LEVELS.0'))).toBeTruthy();
    await userEvent.setup().click(row.getByRole('link', { name: tx('CHAPTERS.OPEN') }));
    expect(where()).toBe('/prof/administration/chapters/c0000000-0000-4000-8000-000000000001/raids');
  });

  it('says when there is no chapter yet and offers to create one', async () => {
    mockApi([
      { method: 'GET', path: '/chapters', body: [] },
      { method: 'GET', path: '/subjects', body: SUBJECTS },
    ]);
    renderPage(<ChaptersPage />, '/prof/administration/chapters');
    await screen.findByText(tx('CHAPTERS.EMPTY'));
  });

  it('checks the form before sending, then shows "Chapter name already used" under the name', async () => {
    const calls = mockApi([
      { method: 'GET', path: '/chapters', body: [chapter()] },
      { method: 'GET', path: '/subjects', body: SUBJECTS },
      {
        method: 'POST',
        path: '/chapters',
        status: 409,
        body: { message: ERR.CHAPTER_NAME_TAKEN, field: 'name' },
      },
    ]);
    renderPage(<ChaptersPage />, '/prof/administration/chapters');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CHAPTERS.NEW') }));
    await user.click(screen.getByRole('button', { name: tx('CHAPTERS.CREATE') }));
    const name = screen.getByLabelText(tx('CHAPTERS.NAME'));
    expect(fieldError(name)).toBe(tx(ERR.REQUIRED));
    expect(fieldError(screen.getByLabelText(tx('CHAPTERS.LEVEL')))).toBe(tx(ERR.LEVEL_REQUIRED));
    expect(fieldError(screen.getByLabelText(tx('CHAPTERS.SUBJECT')))).toBe(tx(ERR.CHAPTER_SUBJECT_REQUIRED));
    await user.click(name);
    await user.paste('x'.repeat(51));
    await user.click(screen.getByRole('button', { name: tx('CHAPTERS.CREATE') }));
    expect(fieldError(name)).toBe(tx(ERR.CHAPTER_NAME_TOO_LONG));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(name);
    await user.type(name, 'fractions');
    await user.selectOptions(screen.getByLabelText(tx('CHAPTERS.LEVEL')), '5');
    await user.selectOptions(screen.getByLabelText(tx('CHAPTERS.SUBJECT')), MATHS);
    await user.click(screen.getByRole('button', { name: tx('CHAPTERS.CREATE') }));
    await waitFor(() => expect(fieldError(name)).toBe(tx(ERR.CHAPTER_NAME_TAKEN)));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'fractions',
      level: 5,
      subjectId: MATHS,
    });
  });

  it('shows "Chapter creation error" under the subject when the server cannot create it', async () => {
    mockApi([
      { method: 'GET', path: '/chapters', body: [] },
      { method: 'GET', path: '/subjects', body: SUBJECTS },
      {
        method: 'POST',
        path: '/chapters',
        status: 400,
        body: { message: ERR.CHAPTER_CREATE_FAILED, field: 'subjectId' },
      },
    ]);
    renderPage(<ChaptersPage />, '/prof/administration/chapters');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CHAPTERS.NEW') }));
    await user.type(screen.getByLabelText(tx('CHAPTERS.NAME')), 'Géométrie');
    await user.selectOptions(screen.getByLabelText(tx('CHAPTERS.LEVEL')), '4');
    await user.selectOptions(screen.getByLabelText(tx('CHAPTERS.SUBJECT')), MATHS);
    await user.click(screen.getByRole('button', { name: tx('CHAPTERS.CREATE') }));
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText(tx('CHAPTERS.SUBJECT')))).toBe(tx(ERR.CHAPTER_CREATE_FAILED)),
    );
  });

  it('creates a chapter and lists it first', async () => {
    mockApi([
      { method: 'GET', path: '/chapters', body: [chapter()] },
      { method: 'GET', path: '/subjects', body: SUBJECTS },
      {
        method: 'POST',
        path: '/chapters',
        status: 201,
        body: chapter({ id: 'new', name: 'Géométrie', raidCount: 0 }),
      },
    ]);
    renderPage(<ChaptersPage />, '/prof/administration/chapters');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('CHAPTERS.NEW') }));
    await user.type(screen.getByLabelText(tx('CHAPTERS.NAME')), 'Géométrie');
    await user.selectOptions(screen.getByLabelText(tx('CHAPTERS.LEVEL')), '5');
    await user.selectOptions(screen.getByLabelText(tx('CHAPTERS.SUBJECT')), MATHS);
    await user.click(screen.getByRole('button', { name: tx('CHAPTERS.CREATE') }));
    await screen.findByText(tx('CHAPTERS.CREATED', { name: 'Géométrie' }));
    const names = screen.getAllByRole('rowheader').map((h) => h.textContent);
    expect(names).toEqual(['Géométrie', 'Fractions']);
  });

  it('edits a chapter in the same form, filled with its values', async () => {
    const c = chapter();
    const calls = mockApi([
      { method: 'GET', path: '/chapters', body: [c] },
      { method: 'GET', path: '/subjects', body: SUBJECTS },
      { method: 'PUT', path: `/chapters/${c.id}`, body: { ...c, name: 'Fractions (suite)', level: 4 } },
    ]);
    renderPage(<ChaptersPage />, '/prof/administration/chapters');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${tx('CHAPTERS.EDIT')} Fractions` }));
    const name = screen.getByLabelText(tx('CHAPTERS.NAME')) as HTMLInputElement;
    expect(name.value).toBe('Fractions');
    expect((screen.getByLabelText(tx('CHAPTERS.SUBJECT')) as HTMLSelectElement).value).toBe(MATHS);
    await user.clear(name);
    await user.type(name, 'Fractions (suite)');
    await user.selectOptions(screen.getByLabelText(tx('CHAPTERS.LEVEL')), '4');
    await user.click(screen.getByRole('button', { name: tx('CHAPTERS.SAVE') }));
    await screen.findByRole('rowheader', { name: 'Fractions (suite)' });
    expect(calls.find((x) => x.method === 'PUT')?.body).toEqual({
      name: 'Fractions (suite)',
      level: 4,
      subjectId: MATHS,
    });
    expect(screen.queryByLabelText(tx('CHAPTERS.NAME'))).toBeNull();
  });

  it('deletes a chapter only after confirmation', async () => {
    const c = chapter();
    const calls = mockApi([
      { method: 'GET', path: '/chapters', body: [c] },
      { method: 'GET', path: '/subjects', body: SUBJECTS },
      { method: 'DELETE', path: `/chapters/${c.id}`, status: 204 },
    ]);
    renderPage(<ChaptersPage />, '/prof/administration/chapters');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${tx('CHAPTERS.DELETE')} Fractions` }));
    expect(calls.some((x) => x.method === 'DELETE')).toBe(false);
    expect(screen.getByText(tx('CHAPTERS.CONFIRM_DELETE', { name: 'Fractions', count: 2 }))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: tx('CHAPTERS.CONFIRM') }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Fractions' })).toBeNull());
    expect(calls.some((x) => x.method === 'DELETE' && x.url === `/api/chapters/${c.id}`)).toBe(true);
  });
});
