import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfessorHomework } from '../../../api/homework';
import { saveStoredUser } from '../../../app/auth-store';
import { SessionProvider } from '../../../app/session';
import { record } from '../../../app/test-app';
import { formatDateTime } from '../../../lib/dates';
import { type Handler, mockApi, renderPage, storedUserFixture, tx, where } from '../../../test-utils/page';
import HomeworkPage from './HomeworkPage';
import SendHomeworkDialog from './SendHomeworkDialog';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PROF = storedUserFixture({ role: 'PROFESSOR', studentId: null, professorId: 'p1', id: 'u-prof' });
const TARGETS = [
  {
    schoolclassId: 'c1',
    schoolclassName: '5e B',
    level: 5,
    subjectId: 's-maths',
    subjectCode: 'MATHEMATICS',
  },
  {
    schoolclassId: 'c2',
    schoolclassName: '4e A',
    level: 4,
    subjectId: 's-maths',
    subjectCode: 'MATHEMATICS',
  },
];
const HW = (over: Partial<ProfessorHomework> = {}): ProfessorHomework => ({
  id: 'h1',
  name: 'Fractions du lundi',
  isOnGoing: true,
  createdAt: '2026-03-04T08:07:00.000Z',
  raidId: 'r1',
  raidTitle: 'Les fractions',
  schoolclassId: 'c1',
  schoolclassName: '5e B',
  subject: { id: 's-maths', code: 'MATHEMATICS', name: 'Mathématiques' },
  completedCount: 3,
  studentCount: 30,
  ...over,
});
const base: Handler[] = [{ method: 'GET', path: '/users/u-prof', body: record() }];

function renderWithSession(ui: React.ReactElement, path: string) {
  saveStoredUser(PROF);
  return renderPage(<SessionProvider>{ui}</SessionProvider>, path);
}

describe('SendHomeworkDialog', () => {
  it('sends the raid, named after it by default, to the chosen classes with their subject', async () => {
    const calls = mockApi([
      ...base,
      { method: 'GET', path: '/homeworkRaids/professors/p1/targets', body: TARGETS },
      { method: 'POST', path: '/homeworkRaids', status: 201, body: { ids: ['h9'] } },
    ]);
    const onSent = vi.fn();
    const user = userEvent.setup();
    renderWithSession(
      <SendHomeworkDialog raid={{ id: 'r1', title: 'Les fractions' }} onClose={vi.fn()} onSent={onSent} />,
      '/',
    );
    const dialog = screen.getByRole('dialog', { name: tx('HOMEWORK.SEND_TITLE') });
    expect((within(dialog).getByLabelText(tx('HOMEWORK.NAME')) as HTMLInputElement).value).toBe(
      'Les fractions',
    );
    await user.click(within(dialog).getByRole('button', { name: tx('HOMEWORK.SEND') }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(tx('HOMEWORK.ERRORS.CLASS_REQUIRED')),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(await within(dialog).findByRole('checkbox', { name: /4e A/ }));
    await user.click(within(dialog).getByRole('button', { name: tx('HOMEWORK.SEND') }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      raidId: 'r1',
      name: 'Les fractions',
      targets: [{ schoolclassId: 'c2', subjectId: 's-maths' }],
      // Issue 21 defaults: from today, no due date, one try, all-or-nothing.
      startsOn: null,
      dueOn: null,
      maxTries: 1,
      multiScoring: 'all',
    });
  });

  it('shows the server refusal and stays open; Cancel closes', async () => {
    mockApi([
      ...base,
      { method: 'GET', path: '/homeworkRaids/professors/p1/targets', body: TARGETS },
      {
        method: 'POST',
        path: '/homeworkRaids',
        status: 409,
        body: { message: 'HOMEWORK.ERRORS.ALREADY_ONGOING' },
      },
    ]);
    const onClose = vi.fn();
    const onSent = vi.fn();
    const user = userEvent.setup();
    renderWithSession(
      <SendHomeworkDialog raid={{ id: 'r1', title: 'Les fractions' }} onClose={onClose} onSent={onSent} />,
      '/',
    );
    await user.click(await screen.findByRole('checkbox', { name: /5e B/ }));
    await user.click(screen.getByRole('button', { name: tx('HOMEWORK.SEND') }));
    expect((await screen.findByRole('alert')).textContent).toBe(tx('HOMEWORK.ERRORS.ALREADY_ONGOING'));
    expect(onSent).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: tx('HOMEWORK.CANCEL') }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('HomeworkPage', () => {
  it('lists homework with class, subject, date, completions and status; stops and deletes', async () => {
    let list = [HW(), HW({ id: 'h2', name: 'Pythagore', raidTitle: 'Pythagore', isOnGoing: false })];
    const calls = mockApi([
      ...base,
      {
        method: 'GET',
        path: '/homeworkRaids/professors/p1',
        get body() {
          return list;
        },
      } as Handler,
      { method: 'PATCH', path: '/homeworkRaids/h1/stop', body: HW({ isOnGoing: false }) },
      { method: 'DELETE', path: '/homeworkRaids/h2', status: 204 },
    ]);
    const user = userEvent.setup();
    renderWithSession(<HomeworkPage />, '/prof/administration/homework');
    const row = (await screen.findByRole('rowheader', { name: /Fractions du lundi/ })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('Les fractions')).toBeTruthy();
    expect(within(row).getByText('5e B')).toBeTruthy();
    expect(within(row).getByText(tx('SUBJECTS.MATHEMATICS'))).toBeTruthy();
    expect(within(row).getByText(formatDateTime('2026-03-04T08:07:00.000Z'))).toBeTruthy();
    expect(within(row).getByText(tx('HOMEWORK.COMPLETED_OF', { count: 3, total: 30 }))).toBeTruthy();
    expect(within(row).getByText(tx('HOMEWORK.ONGOING'))).toBeTruthy();
    const stopped = screen.getByRole('rowheader', { name: 'Pythagore' }).closest('tr') as HTMLElement;
    expect(within(stopped).queryByRole('button', { name: tx('HOMEWORK.STOP') })).toBeNull();

    list = [HW({ isOnGoing: false }), list[1]];
    await user.click(within(row).getByRole('button', { name: tx('HOMEWORK.STOP') }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PATCH' && c.url === '/api/homeworkRaids/h1/stop')).toBe(true),
    );
    expect(await screen.findByText(tx('HOMEWORK.STOPPED'))).toBeTruthy();

    await user.click(within(stopped).getByRole('button', { name: tx('HOMEWORK.DELETE') }));
    expect(within(stopped).getByText(tx('HOMEWORK.CONFIRM_DELETE', { name: 'Pythagore' }))).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    list = [list[0]];
    await user.click(within(stopped).getByRole('button', { name: tx('HOMEWORK.DELETE') }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Pythagore' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/api/homeworkRaids/h2']);
  });

  it('opens the report of each homework by its id, whatever its date', async () => {
    mockApi([...base, { method: 'GET', path: '/homeworkRaids/professors/p1', body: [HW()] }]);
    const user = userEvent.setup();
    renderWithSession(<HomeworkPage />, '/prof/administration/homework');
    await user.click(
      await screen.findByRole('link', { name: tx('HOMEWORK.REPORT_FOR', { name: 'Fractions du lundi' }) }),
    );
    expect(where()).toBe('/prof/analytics/report/h1');
  });

  it('says when there is no homework yet', async () => {
    mockApi([...base, { method: 'GET', path: '/homeworkRaids/professors/p1', body: [] }]);
    renderWithSession(<HomeworkPage />, '/prof/administration/homework');
    expect(await screen.findByText(tx('HOMEWORK.EMPTY'))).toBeTruthy();
  });
});
