// A pupil's personal data from the class page (issue 14): export as a spreadsheet zip or JSON, delete
// for good only after a confirmation that names the pupil and says what goes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClassStudentDto, SchoolclassDto } from '../../../../../shared/schemas/schoolclass';
import { mockApi, renderPage, tx } from '../../../test-utils/page';
import ClassPage from './ClassPage';

const ID = 'c0000000-0000-4000-8000-000000000001';
const MATHS = 'a0000000-0000-4000-8000-000000000001';
const CLS: SchoolclassDto = {
  id: ID,
  name: '4e C',
  level: 4,
  planet: 'preia',
  subjectId: MATHS,
  subjectCode: 'MATHEMATICS',
  code: null,
  codeExpiresAt: null,
  division: null,
  studentCount: 2,
  createdAt: '2026-09-01T08:00:00.000Z',
  updatedAt: '2026-09-01T08:00:00.000Z',
};
const student = (n: number, lastName: string, firstName: string): ClassStudentDto => ({
  studentId: `s0000000-0000-4000-8000-00000000000${n}`,
  userId: `u0000000-0000-4000-8000-00000000000${n}`,
  firstName,
  lastName,
  username: `eleve${n}`,
  isGar: false,
  level: 1,
  levelProgression: 0,
  xp: 0,
  coin: 0,
  powerXp: 0,
  password: null,
  passwordChangedByStudent: true,
  joinedAt: '2026-09-02T08:00:00.000Z',
});
const LINA = student(1, 'Martin', 'Lina');
const ADAM = student(2, 'Colin', 'Adam');

let saved: { name: string; type: string; size: number }[];
beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    const blob = b as Blob;
    saved.push({ name: '', type: blob.type, size: blob.size });
    return 'blob:export';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved[saved.length - 1].name = this.download;
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(extra: Parameters<typeof mockApi>[0] = []) {
  const calls = mockApi([
    ...extra,
    { method: 'GET', path: '/subjects', body: [] },
    { method: 'GET', path: `/schoolclasses/${ID}`, body: CLS },
    { method: 'GET', path: `/students/users/schoolclasses/${ID}`, body: [LINA, ADAM] },
    { method: 'GET', path: `/professorsSchoolclasses/schoolclass/${ID}`, body: [] },
  ]);
  renderPage(<ClassPage />, '/prof/administration/class/:id?', `/prof/administration/class/${ID}`);
  return calls;
}

async function openDialogFor(name: string, lastName: string) {
  const row = (await screen.findByRole('rowheader', { name: lastName })).closest('tr') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: tx('PUPIL_DATA.OPEN_FOR', { name }) }));
  return screen.getByRole('dialog', { name: tx('PUPIL_DATA.TITLE', { name }) });
}

describe('a pupil’s personal data, from the class page', () => {
  it('exports the pupil’s data as a spreadsheet zip or JSON, under the name the server gives', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 3, 4, 1, 2]);
    const calls = open([
      {
        method: 'GET',
        path: `/students/${LINA.studentId}/data?format=csv`,
        bytes: zip,
        headers: {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="donnees-eleve1-2026-11-27.zip"',
        },
      },
      {
        method: 'GET',
        path: `/students/${LINA.studentId}/data?format=json`,
        body: { account: { username: 'eleve1' } },
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': 'attachment; filename="donnees-eleve1-2026-11-27.json"',
        },
      },
    ]);
    const dialog = await openDialogFor('Lina Martin', 'Martin');
    expect(document.activeElement).toBe(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: tx('PUPIL_DATA.EXPORT_CSV') }));
    await screen.findByText(tx('PUPIL_DATA.EXPORTED', { name: 'Lina Martin' }));
    await userEvent.click(within(dialog).getByRole('button', { name: tx('PUPIL_DATA.EXPORT_JSON') }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved).toEqual([
      { name: 'donnees-eleve1-2026-11-27.zip', type: 'application/zip', size: zip.length },
      expect.objectContaining({
        name: 'donnees-eleve1-2026-11-27.json',
        type: 'application/json; charset=utf-8',
      }),
    ]);
    expect(calls.filter((c) => c.url.includes('/data')).map((c) => c.url)).toEqual([
      `/api/students/${LINA.studentId}/data?format=csv`,
      `/api/students/${LINA.studentId}/data?format=json`,
    ]);
    // Nothing was deleted; Escape closes the dialog.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes for good only after a confirmation naming the pupil and what goes; cancel keeps them', async () => {
    const calls = open([{ method: 'DELETE', path: `/students/${LINA.studentId}`, status: 204 }]);
    let dialog = await openDialogFor('Lina Martin', 'Martin');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('PUPIL_DATA.DELETE') }));
    // The confirmation names her and lists what is erased, everywhere.
    expect(within(dialog).getByText(tx('PUPIL_DATA.CONFIRM_TITLE', { name: 'Lina Martin' }))).toBeTruthy();
    for (const item of ['ACCOUNT', 'ANSWERS', 'PHRASES', 'AVATARS', 'EVENTS', 'REPORTS'])
      expect(within(dialog).getByText(tx(`PUPIL_DATA.ITEMS.${item}`))).toBeTruthy();
    expect(within(dialog).getByText(tx('PUPIL_DATA.CONFIRM_EVERYWHERE'))).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBe('pupil-data-confirm');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('PUPIL_DATA.CANCEL') }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: tx('PUPIL_DATA.CLOSE') }));
    expect(screen.getByRole('rowheader', { name: 'Martin' })).toBeTruthy();

    dialog = await openDialogFor('Lina Martin', 'Martin');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('PUPIL_DATA.DELETE') }));
    await userEvent.click(
      within(dialog).getByRole('button', { name: tx('PUPIL_DATA.CONFIRM_YES', { name: 'Lina Martin' }) }),
    );
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Martin' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(tx('PUPIL_DATA.DELETED', { name: 'Lina Martin' }))).toBeTruthy();
    expect(screen.getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Colin']);
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/students/${LINA.studentId}`,
    ]);
  });

  it('says why when the server refuses, and keeps the pupil', async () => {
    open([
      {
        method: 'DELETE',
        path: `/students/${LINA.studentId}`,
        status: 404,
        body: { message: 'ERRORS.NOT_FOUND' },
      },
    ]);
    const dialog = await openDialogFor('Lina Martin', 'Martin');
    await userEvent.click(within(dialog).getByRole('button', { name: tx('PUPIL_DATA.DELETE') }));
    await userEvent.click(
      within(dialog).getByRole('button', { name: tx('PUPIL_DATA.CONFIRM_YES', { name: 'Lina Martin' }) }),
    );
    await screen.findByText(tx('ERRORS.NOT_FOUND'));
    expect(screen.getByRole('rowheader', { name: 'Martin' })).toBeTruthy();
  });
});
