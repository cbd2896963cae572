import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Phrase, StudentProfessor } from '../../../../../shared/codex';
import { CODEX_MAX_LENGTH } from '../../../../../shared/constants';
import { saveStoredUser } from '../../../app/auth-store';
import { SessionProvider } from '../../../app/session';
import { formatDateTime } from '../../../lib/dates';
import { type Handler, mockApi, renderPage, storedUserFixture, tx } from '../../../test-utils/page';
import EditCodexPage from './EditCodexPage';

afterEach(() => vi.unstubAllGlobals());

const user = storedUserFixture();
const SID = user.studentId as string;
const P1 = 'a0000000-0000-4000-8000-000000000001';
const P2 = 'a0000000-0000-4000-8000-000000000002';
const MATHS = 'b0000000-0000-4000-8000-000000000001';
const PHYS = 'b0000000-0000-4000-8000-000000000002';
const C1 = 'c0000000-0000-4000-8000-000000000001';
const C2 = 'c0000000-0000-4000-8000-000000000002';

const prof = (
  id: string,
  lastName: string,
  teaching: [string, string, string, string][],
): StudentProfessor => ({
  id,
  civility: 'MME',
  firstName: 'Claire',
  lastName,
  teaching: teaching.map(([schoolclassId, schoolclassName, subjectId, subjectCode]) => ({
    schoolclassId,
    schoolclassName,
    subjectId,
    subjectCode,
  })),
});
const entry = (n: number, status: Phrase['status'], over: Partial<Phrase> = {}): Phrase => ({
  id: `d0000000-0000-4000-8000-00000000000${n}`,
  text: `Phrase ${n}`,
  status,
  flagged: false,
  subjectId: MATHS,
  subject: { id: MATHS, code: 'MATHEMATICS', name: 'Mathematics' },
  professorId: P1,
  professor: { civility: 'MME', firstName: 'Claire', lastName: 'Fontaine' },
  schoolclassId: C1,
  schoolclass: { id: C1, name: '5e B' },
  studentId: SID,
  firstName: 'Léo',
  lastName: 'Martin',
  date: `2026-03-0${n}T10:15:00.000Z`,
  ...over,
});

function open(professors: StudentProfessor[], history: Phrase[] = [], extra: Handler[] = []) {
  saveStoredUser(user);
  const calls = mockApi([
    { method: 'GET', path: `/users/${user.id}`, body: {} },
    { method: 'GET', path: `/professors/students/${SID}`, body: professors },
    { method: 'GET', path: `/codex/students/${SID}`, body: history },
    ...extra,
  ]);
  renderPage(
    <SessionProvider>
      <EditCodexPage />
    </SessionProvider>,
    '/student/edit-codex',
  );
  return calls;
}
const form = async () =>
  (await screen.findByRole('button', { name: tx('CODEX.WRITE.SEND') })).closest('form') as HTMLElement;
const textBox = () => screen.getByLabelText(tx('CODEX.WRITE.TEXT'));

describe('EditCodexPage: the form', () => {
  it('with one teacher, one subject and one class: only the teacher select, chosen by itself, small form', async () => {
    const calls = open(
      [prof(P1, 'Fontaine', [[C1, '5e B', MATHS, 'MATHEMATICS']])],
      [],
      [{ method: 'POST', path: '/codex/', status: 201, body: entry(1, 0) }],
    );
    const f = await form();
    expect(f.dataset.size).toBe('small');
    const professor = screen.getByLabelText(tx('CODEX.WRITE.PROFESSOR')) as HTMLSelectElement;
    expect(professor.value).toBe(P1);
    expect(professor.selectedOptions[0].textContent).toBe(`${tx('CODEX.CIVILITY.MME')} Claire Fontaine`);
    expect(screen.queryByLabelText(tx('CODEX.WRITE.SUBJECT'))).toBeNull();
    expect(screen.queryByLabelText(tx('CODEX.WRITE.CLASS'))).toBeNull();
    const u = userEvent.setup();
    await u.type(textBox(), '  Le cercle est rond.  ');
    await u.click(screen.getByRole('button', { name: tx('CODEX.WRITE.SEND') }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      professorId: P1,
      subjectId: MATHS,
      schoolclassId: C1,
      text: 'Le cercle est rond.',
      studentId: SID,
    });
    expect((await screen.findByRole('status')).textContent).toBe(tx('CODEX.WRITE.SENT'));
    expect((textBox() as HTMLTextAreaElement).value).toBe('');
    // The history reloads after the creation.
    await waitFor(() => expect(calls.filter((c) => c.url === `/api/codex/students/${SID}`).length).toBe(2));
  });

  it('grows to medium then large as the subject and class selects appear, and asks for each in order', async () => {
    open([
      prof(P1, 'Fontaine', [[C1, '5e B', MATHS, 'MATHEMATICS']]),
      prof(P2, 'Lemaire', [
        [C1, '5e B', MATHS, 'MATHEMATICS'],
        [C1, '5e B', PHYS, 'PHYSICS_CHEMISTRY'],
        [C2, '5e C', PHYS, 'PHYSICS_CHEMISTRY'],
      ]),
    ]);
    const u = userEvent.setup();
    const f = await form();
    const professor = screen.getByLabelText(tx('CODEX.WRITE.PROFESSOR')) as HTMLSelectElement;
    expect(professor.value).toBe('');
    await u.click(screen.getByRole('button', { name: tx('CODEX.WRITE.SEND') }));
    expect(screen.getByRole('alert').textContent).toBe(tx('CODEX_FORM.ERRORS.PROFESSOR_REQUIRED'));

    await u.selectOptions(professor, P2);
    // The choice answers the error: it goes at once, not at the next sending.
    expect(screen.queryByText(tx('CODEX_FORM.ERRORS.PROFESSOR_REQUIRED'))).toBeNull();
    expect(f.dataset.size).toBe('medium');
    const subject = screen.getByLabelText(tx('CODEX.WRITE.SUBJECT')) as HTMLSelectElement;
    expect([...subject.options].map((o) => o.textContent)).toEqual([
      tx('CODEX.WRITE.CHOOSE'),
      tx('SUBJECTS.MATHEMATICS'),
      tx('SUBJECTS.PHYSICS_CHEMISTRY'),
    ]);
    await u.click(screen.getByRole('button', { name: tx('CODEX.WRITE.SEND') }));
    expect(screen.getByRole('alert').textContent).toBe(tx('CODEX_FORM.ERRORS.SUBJECT_REQUIRED'));

    // Physics is taught in two classes: the class select appears.
    await u.selectOptions(subject, PHYS);
    expect(screen.queryByText(tx('CODEX_FORM.ERRORS.SUBJECT_REQUIRED'))).toBeNull();
    expect(f.dataset.size).toBe('large');
    await u.click(screen.getByRole('button', { name: tx('CODEX.WRITE.SEND') }));
    expect(screen.getByRole('alert').textContent).toBe(tx('CODEX_FORM.ERRORS.SCHOOLCLASS_REQUIRED'));
    await u.selectOptions(screen.getByLabelText(tx('CODEX.WRITE.CLASS')), C2);
    expect(screen.queryByText(tx('CODEX_FORM.ERRORS.SCHOOLCLASS_REQUIRED'))).toBeNull();
    await u.click(screen.getByRole('button', { name: tx('CODEX.WRITE.SEND') }));
    expect(screen.getByRole('alert').textContent).toBe(tx('CODEX_FORM.ERRORS.TEXT_REQUIRED'));

    // Maths only in one class: the class select goes away.
    await u.selectOptions(subject, MATHS);
    expect(screen.queryByLabelText(tx('CODEX.WRITE.CLASS'))).toBeNull();
    expect(f.dataset.size).toBe('medium');
  });

  it('counts characters; above the maximum: danger style, the maximum-length message, no sending', async () => {
    open([prof(P1, 'Fontaine', [[C1, '5e B', MATHS, 'MATHEMATICS']])]);
    await form();
    const u = userEvent.setup();
    const box = textBox();
    await u.click(box);
    await u.paste('a'.repeat(CODEX_MAX_LENGTH));
    const counter = screen.getByText(`${CODEX_MAX_LENGTH}/${CODEX_MAX_LENGTH}`);
    expect(counter.parentElement?.className).not.toContain('danger');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: tx('CODEX.WRITE.SEND') }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    await u.type(box, 'b');
    const over = screen.getByText(`${CODEX_MAX_LENGTH + 1}/${CODEX_MAX_LENGTH}`);
    expect(over.parentElement?.className).toContain('ec__counter--danger');
    const message = tx('CODEX_FORM.ERRORS.TEXT_TOO_LONG', { max: CODEX_MAX_LENGTH });
    expect(message).toContain(String(CODEX_MAX_LENGTH));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    expect((screen.getByRole('button', { name: tx('CODEX.WRITE.SEND') }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // Back to the maximum: the message goes away and Send comes back.
    await u.type(box, '{Backspace}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(box.getAttribute('aria-invalid')).toBeNull();
    expect((screen.getByRole('button', { name: tx('CODEX.WRITE.SEND') }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows "Tu as déjà écrit cette phrase." under the text for a duplicate', async () => {
    open(
      [prof(P1, 'Fontaine', [[C1, '5e B', MATHS, 'MATHEMATICS']])],
      [],
      [
        {
          method: 'POST',
          path: '/codex/',
          status: 409,
          body: { message: 'ERRORS.CODEX_DUPLICATE', field: 'text' },
        },
      ],
    );
    await form();
    const u = userEvent.setup();
    await u.type(textBox(), 'Déjà écrite');
    await u.click(screen.getByRole('button', { name: tx('CODEX.WRITE.SEND') }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tu as déjà écrit cette phrase.');
    expect((textBox() as HTMLTextAreaElement).value).toBe('Déjà écrite');
  });

  it('shows the generic failure (not the duplicate message) when the creation fails without a field', async () => {
    open(
      [prof(P1, 'Fontaine', [[C1, '5e B', MATHS, 'MATHEMATICS']])],
      [],
      [{ method: 'POST', path: '/codex/', status: 500, body: { message: 'ERRORS.GENERIC' } }],
    );
    await form();
    const u = userEvent.setup();
    await u.type(textBox(), 'Une phrase');
    await u.click(screen.getByRole('button', { name: tx('CODEX.WRITE.SEND') }));
    expect((await screen.findByRole('alert')).textContent).toBe(tx('ERRORS.GENERIC'));
    expect(screen.queryByText('Tu as déjà écrit cette phrase.')).toBeNull();
    expect(textBox().getAttribute('aria-invalid')).toBeNull();
    expect((textBox() as HTMLTextAreaElement).value).toBe('Une phrase');
  });

  it('invites a student without teacher to join a class', async () => {
    open([]);
    expect(await screen.findByText(tx('CODEX.WRITE.NO_PROFESSOR'))).toBeTruthy();
    expect(screen.getByRole('link', { name: tx('CODEX.WRITE.JOIN') }).getAttribute('href')).toBe(
      '/student/account/join-class',
    );
  });
});

describe('EditCodexPage: the history', () => {
  const history = [
    entry(3, 3, { text: 'Le cercle est rond' }),
    entry(2, 2, {
      text: 'La force se mesure en newtons',
      subjectId: PHYS,
      subject: { id: PHYS, code: 'PHYSICS_CHEMISTRY', name: 'P' },
    }),
    entry(1, 0, { text: 'Le carré a quatre côtés' }),
  ];

  it('lists the phrases with the card label rule, subject, teacher and date', async () => {
    open([prof(P1, 'Fontaine', [[C1, '5e B', MATHS, 'MATHEMATICS']])], history);
    const item = (await screen.findByText('Le cercle est rond')).closest('li') as HTMLElement;
    // DISPLAYED reads "approved" on the card.
    expect(within(item).getByText(tx('CODEX.STATUS.APPROVED'))).toBeTruthy();
    expect(within(item).getByText(tx('SUBJECTS.MATHEMATICS'))).toBeTruthy();
    expect(
      within(item).getByText(tx('CODEX.HISTORY.TO', { name: `${tx('CODEX.CIVILITY.MME')} Fontaine` })),
    ).toBeTruthy();
    expect(within(item).getByText(formatDateTime('2026-03-03T10:15:00.000Z'))).toBeTruthy();
    expect(
      within(screen.getByText('La force se mesure en newtons').closest('li') as HTMLElement).getByText(
        tx('CODEX.STATUS.REJECTED'),
      ),
    ).toBeTruthy();
  });

  it('filters by subject (from the entries) and by status', async () => {
    open([prof(P1, 'Fontaine', [[C1, '5e B', MATHS, 'MATHEMATICS']])], history);
    await screen.findByText('Le carré a quatre côtés');
    const u = userEvent.setup();
    const subject = screen.getByLabelText(tx('CODEX.HISTORY.FILTER_SUBJECT')) as HTMLSelectElement;
    expect([...subject.options].map((o) => o.value)).toEqual(['', MATHS, PHYS]);
    await u.selectOptions(subject, PHYS);
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual([
      'La force se mesure en newtons',
    ]);
    await u.selectOptions(subject, '');
    await u.selectOptions(screen.getByLabelText(tx('CODEX.HISTORY.FILTER_STATUS')), 'APPROVED');
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Le cercle est rond',
    ]);
    await u.selectOptions(screen.getByLabelText(tx('CODEX.HISTORY.FILTER_STATUS')), 'PENDING');
    await u.selectOptions(subject, PHYS);
    expect(screen.getByText(tx('CODEX.HISTORY.NO_MATCH'))).toBeTruthy();
  });

  it('switches between the Write and History tabs', async () => {
    open([prof(P1, 'Fontaine', [[C1, '5e B', MATHS, 'MATHEMATICS']])], history);
    await form();
    const u = userEvent.setup();
    const write = screen.getByRole('tab', { name: tx('CODEX.WRITE.TAB_WRITE') });
    const hist = screen.getByRole('tab', { name: tx('CODEX.WRITE.TAB_HISTORY') });
    expect(write.getAttribute('aria-selected')).toBe('true');
    expect(document.getElementById('ec-panel-history')?.className).toContain('ec__panel--off');
    await u.click(hist);
    expect(hist.getAttribute('aria-selected')).toBe('true');
    expect(document.getElementById('ec-panel-write')?.className).toContain('ec__panel--off');
    expect(document.getElementById('ec-panel-history')?.className).not.toContain('ec__panel--off');
  });

  it('says when the teachers or the history cannot load', async () => {
    saveStoredUser(user);
    mockApi([
      { method: 'GET', path: `/users/${user.id}`, body: {} },
      { method: 'GET', path: `/professors/students/${SID}`, status: 500, body: {} },
      { method: 'GET', path: `/codex/students/${SID}`, status: 500, body: {} },
    ]);
    renderPage(
      <SessionProvider>
        <EditCodexPage />
      </SessionProvider>,
      '/student/edit-codex',
    );
    expect(await screen.findByText(tx('CODEX.WRITE.LOAD_FAILED'))).toBeTruthy();
    expect(await screen.findByText(tx('CODEX.HISTORY.LOAD_FAILED'))).toBeTruthy();
  });
});
