import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, tx } from '../../test-utils/page';
import SchoolHomePage from './SchoolHomePage';

afterEach(() => vi.unstubAllGlobals());

const PENDING = {
  id: 'a0000000-0000-4000-8000-000000000001',
  firstName: 'Hélène',
  lastName: 'Costa',
  status: 'PENDING_APPROVAL',
  entApproved: false,
  classes: 0,
};
const USAGE = {
  uai: '0690001R',
  days: 30,
  professors: 3,
  pendingProfessors: 1,
  classes: 4,
  raidsPlayed: 12,
  homeworkSent: 5,
  activeStudents: 87,
};
const handlers = [
  { method: 'GET', path: '/school/usage?days=30', body: USAGE },
  { method: 'GET', path: '/school/teachers', body: [PENDING] },
  {
    method: 'GET',
    path: '/school/classes',
    body: [{ id: 'c1', name: '5EME B', level: 5, subjectCode: 'MATHEMATICS', students: 27, professors: 1 }],
  },
  {
    method: 'PUT',
    path: `/school/teachers/${PENDING.id}/approve-ent`,
    body: { id: PENDING.id, status: 'ACTIVE' },
  },
];

describe('SchoolHomePage', () => {
  it('shows the school’s UAI, usage counts and classes, and approves a pending teacher’s ENT access', async () => {
    const calls = mockApi(handlers);
    const user = userEvent.setup();
    renderPage(<SchoolHomePage />, '/school');
    expect(await screen.findByText(tx('SCHOOL_HOME.UAI', { uai: '0690001R' }))).toBeTruthy();
    expect(screen.getByText(tx('SCHOOL_HOME.COUNT.activeStudents')).nextSibling?.textContent).toBe('87');
    const classRow = (await screen.findByRole('rowheader', { name: '5EME B' })).closest('tr') as HTMLElement;
    expect(within(classRow).getByText('27')).toBeTruthy();
    const row = screen.getByRole('rowheader', { name: 'Hélène Costa' }).closest('tr') as HTMLElement;
    expect(within(row).getByText(tx('SCHOOL_HOME.STATUS.PENDING_APPROVAL'))).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: tx('SCHOOL_HOME.APPROVE') }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === `/api/school/teachers/${PENDING.id}/approve-ent`)).toBe(true),
    );
  });
});
