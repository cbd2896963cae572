import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERR } from '../../../../../shared/errors';
import type { ChapterDto, RaidSummaryDto } from '../../../../../shared/schemas/raid';
import { formatDateTime } from '../../../lib/dates';
import { mockApi, renderPage, tx, where } from '../../../test-utils/page';
import RaidListPage from './RaidListPage';

afterEach(() => vi.unstubAllGlobals());

const CH = 'c0000000-0000-4000-8000-000000000001';
const URL = `/prof/administration/chapters/${CH}/raids`;
const PATTERN = '/prof/administration/chapters/:chapterId/raids';
const chapter: ChapterDto = {
  id: CH,
  name: 'Fractions',
  level: 5,
  subjectId: 's1',
  subjectCode: 'MATHEMATICS',
  raidCount: 2,
  updatedAt: '2026-03-04T08:07:00.000Z',
};
const raid = (over: Partial<RaidSummaryDto> = {}): RaidSummaryDto => ({
  id: 'r1',
  chapterId: CH,
  title: 'Les fractions',
  questionCount: 4,
  isHomework: true,
  shared: true,
  updatedAt: '2026-03-05T10:30:00.000Z',
  ...over,
});
const rowOf = (title: string) => screen.getByRole('rowheader', { name: title }).closest('tr') as HTMLElement;

describe('RaidListPage', { timeout: 20_000 }, () => {
  it('lists the chapter’s raids with question count, sharing, homework and date', async () => {
    mockApi([
      { method: 'GET', path: `/chapters/${CH}`, body: chapter },
      {
        method: 'GET',
        path: `/chapters/${CH}/raids`,
        body: [
          raid(),
          raid({ id: 'r2', title: 'Un seul', questionCount: 1, isHomework: false, shared: false }),
        ],
      },
    ]);
    renderPage(<RaidListPage />, PATTERN, URL);
    await screen.findByRole('heading', { name: 'Fractions', level: 1 });
    const row = within(rowOf('Les fractions'));
    expect(row.getByText(tx('RAIDS.QUESTION_COUNT', { count: 4 }))).toBeTruthy();
    expect(row.getByText(tx('RAIDS.SHARED_BADGE'))).toBeTruthy();
    expect(row.getByText(tx('RAIDS.HOMEWORK_BADGE'))).toBeTruthy();
    expect(row.getByText(formatDateTime('2026-03-05T10:30:00.000Z'))).toBeTruthy();
    const other = within(rowOf('Un seul'));
    expect(other.getByText(tx('RAIDS.QUESTION_COUNT', { count: 1 }))).toBeTruthy();
    expect(other.queryByText(tx('RAIDS.SHARED_BADGE'))).toBeNull();
    await userEvent.setup().click(screen.getAllByRole('link', { name: tx('RAIDS.NEW') })[0]);
    expect(where()).toBe(`${URL}/create`);
  });

  it('deletes a raid only after confirmation', async () => {
    const calls = mockApi([
      { method: 'GET', path: `/chapters/${CH}`, body: chapter },
      { method: 'GET', path: `/chapters/${CH}/raids`, body: [raid()] },
      { method: 'DELETE', path: '/raids/r1', status: 204 },
    ]);
    renderPage(<RaidListPage />, PATTERN, URL);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `${tx('RAIDS.DELETE')} Les fractions` }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: tx('RAIDS.CONFIRM') }));
    await screen.findByText(tx('RAIDS.EMPTY'));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/raids/r1')).toBe(true);
  });

  it('opens the homework dialog for a raid', async () => {
    mockApi([
      { method: 'GET', path: `/chapters/${CH}`, body: chapter },
      { method: 'GET', path: `/chapters/${CH}/raids`, body: [raid()] },
    ]);
    renderPage(<RaidListPage />, PATTERN, URL);
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: `${tx('RAIDS.SEND_HOMEWORK')} Les fractions` }));
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
  });

  it('says the chapter does not exist for another teacher’s id', async () => {
    mockApi([]);
    renderPage(<RaidListPage />, PATTERN, URL);
    await screen.findByText(tx(ERR.NOT_FOUND));
  });
});
