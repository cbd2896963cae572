import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingProfessorDto } from '../../../../shared/types';
import { formatDateTime } from '../../lib/dates';
import { mockApi, renderPage, tx } from '../../test-utils/page';
import UsersValidationPage from './UsersValidationPage';

afterEach(() => vi.unstubAllGlobals());

const request = (n: number, over: Partial<PendingProfessorDto> = {}): PendingProfessorDto => ({
  id: `e0000000-0000-4000-8000-00000000000${n}`,
  civility: null,
  firstName: `Prénom${n}`,
  lastName: `Nom${n}`,
  email: `prof${n}@college.fr`,
  username: `prof${n}`,
  school: 'Collège Victor Hugo',
  isGar: false,
  uai: null,
  city: 'Ajaccio',
  department: 'Corse-du-Sud',
  phone: '0612345678',
  subjects: ['MATHEMATICS', 'LATIN'],
  status: 'PENDING_APPROVAL',
  createdAt: `2025-03-0${n}T09:05:00.000Z`,
  ...over,
});
const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('UsersValidationPage', () => {
  it('lists the requests with translated subjects, the date and the status', async () => {
    mockApi([
      {
        method: 'GET',
        path: '/users/pending/freemium',
        body: [request(1), request(2, { status: 'PENDING_EMAIL' })],
      },
    ]);
    renderPage(<UsersValidationPage />, '/users-validation');
    const row = within(await waitFor(() => rowOf('Prénom1 Nom1')));
    expect(row.getByText('prof1@college.fr')).toBeTruthy();
    expect(row.getByText('0612345678')).toBeTruthy();
    expect(row.getByText('Collège Victor Hugo', { exact: false })).toBeTruthy();
    expect(
      row.getByText(tx('USERS_VALIDATION.PLACE', { city: 'Ajaccio', department: 'Corse-du-Sud' })),
    ).toBeTruthy();
    expect(row.getByText(`${tx('SUBJECTS.MATHEMATICS')}, ${tx('SUBJECTS.LATIN')}`)).toBeTruthy();
    expect(row.getByText(formatDateTime('2025-03-01T09:05:00.000Z'))).toBeTruthy();
    expect(row.getByText(tx('USERS_VALIDATION.STATUS.PENDING_APPROVAL'))).toBeTruthy();
    expect(within(rowOf('Prénom2 Nom2')).getByText(tx('USERS_VALIDATION.STATUS.PENDING_EMAIL'))).toBeTruthy();
  });

  it('shows an ENT teacher’s school as its UAI code, labelled, and says they sign in without e-mail', async () => {
    mockApi([
      {
        method: 'GET',
        path: '/users/pending/freemium',
        body: [
          request(3, {
            isGar: true,
            uai: '0750001A',
            school: '0750001A',
            email: '',
            phone: '',
            city: '',
            department: '',
          }),
        ],
      },
    ]);
    renderPage(<UsersValidationPage />, '/users-validation');
    const row = within(await waitFor(() => rowOf('Prénom3 Nom3')));
    expect(row.getByText(tx('USERS_VALIDATION.UAI', { uai: '0750001A' }))).toBeTruthy();
    expect(row.getByText(tx('USERS_VALIDATION.SSO'))).toBeTruthy();
    // No e-mail and no phone came with it: no empty mailto or tel link, a plain word instead.
    expect(row.queryAllByRole('link')).toEqual([]);
    expect(row.getByText(tx('USERS_VALIDATION.NO_CONTACT'))).toBeTruthy();
  });

  it('activating removes the row and shows a success message', async () => {
    const r = request(1);
    const calls = mockApi([
      { method: 'GET', path: '/users/pending/freemium', body: [r] },
      { method: 'PUT', path: `/users/${r.id}/active`, body: { id: r.id, status: 'ACTIVE' } },
    ]);
    renderPage(<UsersValidationPage />, '/users-validation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('USERS_VALIDATION.ACTIVATE') }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Prénom1 Nom1' })).toBeNull());
    expect(calls.some((c) => c.method === 'PUT' && c.url === `/api/users/${r.id}/active`)).toBe(true);
    expect(screen.getByRole('status').textContent).toBe(
      tx('USERS_VALIDATION.DONE_ACTIVE', { name: 'Prénom1 Nom1' }),
    );
    expect(screen.getByText(tx('USERS_VALIDATION.EMPTY'))).toBeTruthy();
  });

  it('approving for ENT calls approve-ent', async () => {
    const r = request(1);
    const calls = mockApi([
      { method: 'GET', path: '/users/pending/freemium', body: [r] },
      { method: 'PUT', path: `/users/${r.id}/approve-ent`, body: { id: r.id, status: 'ACTIVE' } },
    ]);
    renderPage(<UsersValidationPage />, '/users-validation');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: tx('USERS_VALIDATION.APPROVE_ENT') }));
    await waitFor(() => expect(calls.some((c) => c.url === `/api/users/${r.id}/approve-ent`)).toBe(true));
  });

  it('rejecting asks for confirmation, and cancel calls nothing', async () => {
    const r = request(1);
    const calls = mockApi([
      { method: 'GET', path: '/users/pending/freemium', body: [r] },
      { method: 'PUT', path: `/users/${r.id}/reject`, body: { id: r.id, status: 'REJECTED' } },
    ]);
    renderPage(<UsersValidationPage />, '/users-validation');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('USERS_VALIDATION.REJECT') }));
    expect(screen.getByText(tx('USERS_VALIDATION.CONFIRM_REJECT', { name: 'Prénom1 Nom1' }))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: tx('USERS_VALIDATION.CANCEL') }));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: tx('USERS_VALIDATION.REJECT') }));
    await user.click(screen.getByRole('button', { name: tx('USERS_VALIDATION.CONFIRM') }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Prénom1 Nom1' })).toBeNull());
    expect(calls.some((c) => c.url === `/api/users/${r.id}/reject`)).toBe(true);
  });

  it('a failed decision keeps the row and shows an error', async () => {
    const r = request(1);
    mockApi([
      { method: 'GET', path: '/users/pending/freemium', body: [r] },
      { method: 'PUT', path: `/users/${r.id}/active`, status: 403, body: { message: 'ERRORS.FORBIDDEN' } },
    ]);
    renderPage(<UsersValidationPage />, '/users-validation');
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: tx('USERS_VALIDATION.ACTIVATE') }));
    expect((await screen.findByRole('alert')).textContent).toBe(tx('ERRORS.FORBIDDEN'));
    expect(screen.getByRole('rowheader', { name: 'Prénom1 Nom1' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    mockApi([{ method: 'GET', path: '/users/pending/freemium', body: [] }]);
    renderPage(<UsersValidationPage />, '/users-validation');
    expect(await screen.findByText(tx('USERS_VALIDATION.EMPTY'))).toBeTruthy();
  });
});
