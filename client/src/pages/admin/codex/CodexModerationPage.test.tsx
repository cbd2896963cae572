import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Phrase } from '../../../../../shared/codex';
import { saveStoredUser } from '../../../app/auth-store';
import { SessionProvider } from '../../../app/session';
import { formatDateTime } from '../../../lib/dates';
import { type Handler, mockApi, renderPage, storedUserFixture, tx } from '../../../test-utils/page';
import CodexModerationPage from './CodexModerationPage';

afterEach(() => vi.unstubAllGlobals());

const user = storedUserFixture({
  role: 'PROFESSOR',
  studentId: null,
  professorId: 'f0000000-0000-4000-8000-000000000001',
});
const PID = user.professorId as string;
const MATHS = 'b0000000-0000-4000-8000-000000000001';
const PHYS = 'b0000000-0000-4000-8000-000000000002';
const C1 = 'c0000000-0000-4000-8000-000000000001';
const C2 = 'c0000000-0000-4000-8000-000000000002';

const entry = (n: number, status: Phrase['status'], text: string, over: Partial<Phrase> = {}): Phrase => ({
  id: `d0000000-0000-4000-8000-00000000000${n}`,
  text,
  status,
  flagged: false,
  subjectId: MATHS,
  subject: { id: MATHS, code: 'MATHEMATICS', name: 'Mathematics' },
  professorId: PID,
  professor: { civility: 'MME', firstName: 'Claire', lastName: 'Fontaine' },
  schoolclassId: C1,
  schoolclass: { id: C1, name: '5e B' },
  studentId: 'e0000000-0000-4000-8000-000000000001',
  firstName: 'Élodie',
  lastName: `Élève${n}`,
  date: `2026-03-0${n}T10:15:00.000Z`,
  ...over,
});
const LIST = [
  entry(1, 0, 'Le triangle a trois côtés'),
  entry(2, 0, 'Espèce de connard', { flagged: true }),
  entry(3, 1, 'Le théorème de Pythagore'),
  entry(4, 2, 'Les maths c’est nul'),
  entry(5, 3, 'La vitesse de la lumière', {
    subjectId: PHYS,
    subject: { id: PHYS, code: 'PHYSICS_CHEMISTRY', name: 'Physics' },
    schoolclassId: C2,
    schoolclass: { id: C2, name: '2nde A' },
  }),
];

function open(list: Phrase[] = LIST, extra: Handler[] = []) {
  saveStoredUser(user);
  const calls = mockApi([
    { method: 'GET', path: `/users/${user.id}`, body: {} },
    { method: 'GET', path: `/codex/professors/${PID}`, body: list },
    ...extra,
  ]);
  renderPage(
    <SessionProvider>
      <CodexModerationPage />
    </SessionProvider>,
    '/prof/administration/codex',
  );
  return calls;
}
const texts = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.querySelector('td span')?.textContent);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('CodexModerationPage', () => {
  it('lists flagged pending phrases first, then pending, then the rest, newest first, with author, class, subject and date', async () => {
    open();
    await screen.findByText('Le triangle a trois côtés');
    expect(texts()).toEqual([
      'Espèce de connard',
      'Le triangle a trois côtés',
      'La vitesse de la lumière',
      'Les maths c’est nul',
      'Le théorème de Pythagore',
    ]);
    const flagged = within(rowOf('Espèce de connard'));
    expect(flagged.getByText(tx('CODEX.MODERATION.FLAGGED'))).toBeTruthy();
    expect(within(rowOf('Le triangle a trois côtés')).queryByText(tx('CODEX.MODERATION.FLAGGED'))).toBeNull();
    const r = within(rowOf('La vitesse de la lumière'));
    expect(r.getByText('Élodie Élève5')).toBeTruthy();
    expect(r.getByText('2nde A')).toBeTruthy();
    expect(r.getByText(tx('SUBJECTS.PHYSICS_CHEMISTRY'))).toBeTruthy();
    expect(r.getByText(formatDateTime('2026-03-05T10:15:00.000Z'))).toBeTruthy();
  });

  it('labels the card approved for any status other than pending or rejected, with the matching buttons', async () => {
    open();
    await screen.findByText('Le triangle a trois côtés');
    const pending = within(rowOf('Le triangle a trois côtés'));
    expect(pending.getByText(tx('CODEX.STATUS.PENDING'))).toBeTruthy();
    expect(pending.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual([
      tx('CODEX.MODERATION.APPROVE'),
      tx('CODEX.MODERATION.REJECT'),
      tx('CODEX.MODERATION.DELETE'),
    ]);
    const displayed = within(rowOf('La vitesse de la lumière'));
    expect(displayed.getByText(tx('CODEX.STATUS.APPROVED'))).toBeTruthy();
    expect(displayed.getByText(tx('CODEX.MODERATION.SHOWN'))).toBeTruthy();
    expect(
      displayed.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual([tx('CODEX.MODERATION.DELETE')]);
    const rejected = within(rowOf('Les maths c’est nul'));
    expect(rejected.getByText(tx('CODEX.STATUS.REJECTED'))).toBeTruthy();
    expect(rejected.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(
      [tx('CODEX.MODERATION.APPROVE'), tx('CODEX.MODERATION.DELETE')],
    );
  });

  it('counts per status and filters by status (no DELETED option), subject and class', async () => {
    open();
    await screen.findByText('Le triangle a trois côtés');
    const counts = screen.getByRole('list', { name: tx('CODEX.MODERATION.COUNTS') });
    expect(
      within(counts)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      `2 ${tx('CODEX.STATUS.PENDING')}`,
      `1 ${tx('CODEX.STATUS.APPROVED')}`,
      `1 ${tx('CODEX.STATUS.REJECTED')}`,
      `1 ${tx('CODEX.STATUS.DISPLAYED')}`,
    ]);
    const u = userEvent.setup();
    const status = screen.getByLabelText(tx('CODEX.MODERATION.FILTER_STATUS')) as HTMLSelectElement;
    expect([...status.options].map((o) => o.value)).toEqual(['', '0', '1', '2', '3']);
    await u.selectOptions(status, '0');
    expect(texts()).toEqual(['Espèce de connard', 'Le triangle a trois côtés']);
    await u.selectOptions(status, '');
    await u.selectOptions(screen.getByLabelText(tx('CODEX.MODERATION.FILTER_SUBJECT')), PHYS);
    expect(texts()).toEqual(['La vitesse de la lumière']);
    await u.selectOptions(screen.getByLabelText(tx('CODEX.MODERATION.FILTER_SUBJECT')), '');
    await u.selectOptions(screen.getByLabelText(tx('CODEX.MODERATION.FILTER_CLASS')), C1);
    expect(texts()).toHaveLength(4);
    // A count is also a filter.
    await u.selectOptions(screen.getByLabelText(tx('CODEX.MODERATION.FILTER_CLASS')), '');
    await u.click(within(counts).getByRole('button', { name: `1 ${tx('CODEX.STATUS.REJECTED')}` }));
    expect(texts()).toEqual(['Les maths c’est nul']);
  });

  it('searches without case or accents: "élève" finds "Eleve", "THEOREME" finds "théorème"', async () => {
    open([...LIST, entry(6, 0, 'Chaque eleve compte', { lastName: 'Durand' })]);
    await screen.findByText('Le triangle a trois côtés');
    const u = userEvent.setup();
    const search = screen.getByLabelText(tx('CODEX.MODERATION.SEARCH'));
    await u.type(search, 'THEOREME');
    expect(texts()).toEqual(['Le théorème de Pythagore']);
    await u.clear(search);
    await u.type(search, 'élève compte');
    expect(texts()).toEqual(['Chaque eleve compte']);
    await u.clear(search);
    await u.type(search, 'zzz');
    expect(screen.getByText(tx('CODEX.MODERATION.NO_MATCH'))).toBeTruthy();
  });

  it('approves and rejects a phrase in place, and deleting takes it off the list', async () => {
    const [p1] = LIST;
    const calls = open(LIST, [
      { method: 'PUT', path: `/codex/${p1.id}`, body: { ...p1, status: 1 } },
      { method: 'DELETE', path: `/codex/${LIST[3].id}`, body: { ...LIST[3], status: 4 } },
    ]);
    await screen.findByText(p1.text);
    const u = userEvent.setup();
    await u.click(within(rowOf(p1.text)).getByRole('button', { name: tx('CODEX.MODERATION.APPROVE') }));
    await waitFor(() => expect(within(rowOf(p1.text)).getByText(tx('CODEX.STATUS.APPROVED'))).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 1 });
    expect(screen.getByRole('status').textContent).toBe(tx('CODEX.MODERATION.DONE_APPROVE'));
    await u.click(within(rowOf(LIST[3].text)).getByRole('button', { name: tx('CODEX.MODERATION.DELETE') }));
    await waitFor(() => expect(screen.queryByText(LIST[3].text)).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === `/api/codex/${LIST[3].id}`)).toBe(true);
  });

  it('shows the server message when a change is refused ("This codex has already been sent")', async () => {
    const p = LIST[2];
    open(LIST, [
      { method: 'PUT', path: `/codex/${p.id}`, status: 409, body: { message: 'ERRORS.CODEX_ALREADY_SENT' } },
    ]);
    await screen.findByText(p.text);
    await userEvent
      .setup()
      .click(within(rowOf(p.text)).getByRole('button', { name: tx('CODEX.MODERATION.REJECT') }));
    expect((await screen.findByRole('alert')).textContent).toBe(tx('ERRORS.CODEX_ALREADY_SENT'));
    expect(within(rowOf(p.text)).getByText(tx('CODEX.STATUS.APPROVED'))).toBeTruthy();
  });

  it('opens the trash and restores a phrase', async () => {
    const gone = entry(7, 4, 'Une phrase supprimée');
    const calls = open(LIST, [
      { method: 'GET', path: `/codex/professors/${PID}?trash=true`, body: [gone] },
      { method: 'PUT', path: `/codex/${gone.id}`, body: { ...gone, status: 0 } },
    ]);
    await screen.findByText(LIST[0].text);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: tx('CODEX.MODERATION.TRASH') }));
    await screen.findByText(gone.text);
    expect(screen.queryByLabelText(tx('CODEX.MODERATION.FILTER_STATUS'))).toBeNull();
    await u.click(within(rowOf(gone.text)).getByRole('button', { name: tx('CODEX.MODERATION.RESTORE') }));
    expect(await screen.findByText(tx('CODEX.MODERATION.TRASH_EMPTY'))).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ status: 0 });
  });

  it('says when the list cannot load and retries', async () => {
    saveStoredUser(user);
    const calls = mockApi([
      { method: 'GET', path: `/users/${user.id}`, body: {} },
      { method: 'GET', path: `/codex/professors/${PID}`, status: 500, body: { message: 'ERRORS.GENERIC' } },
    ]);
    renderPage(
      <SessionProvider>
        <CodexModerationPage />
      </SessionProvider>,
      '/prof/administration/codex',
    );
    expect((await screen.findByRole('alert')).textContent).toContain(tx('CODEX.MODERATION.LOAD_FAILED'));
    await userEvent.setup().click(screen.getByRole('button', { name: tx('COMMON.RETRY') }));
    await waitFor(() => expect(calls.filter((c) => c.url === `/api/codex/professors/${PID}`).length).toBe(2));
  });
});
