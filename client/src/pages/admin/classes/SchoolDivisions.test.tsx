import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, tx } from '../../../test-utils/page';
import { SchoolDivisions } from './SchoolDivisions';

const SUBJECT = { id: '22222222-2222-4222-8222-222222222222', code: 'MATHS', name: 'Mathématiques' };

describe('SchoolDivisions (a GAR teacher’s classes from the school)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates the class of a division in one click, with the subject chosen', async () => {
    let created = false;
    const calls = mockApi([
      { method: 'GET', path: '/subjects', body: [SUBJECT] },
      {
        method: 'GET',
        path: '/sso/divisions',
        get body() {
          return [{ code: '5B', name: '5EME B', level: 5, schoolclassId: created ? 'c-5b' : null }];
        },
      },
      {
        method: 'POST',
        path: '/sso/divisions/5B/class',
        get body() {
          created = true;
          return { id: 'c-5b' };
        },
        status: 201,
      },
    ]);
    const onCreated = vi.fn();
    const user = userEvent.setup();
    renderPage(<SchoolDivisions onCreated={onCreated} />, '/prof/administration/classlist');
    const create = await screen.findByRole('button', {
      name: tx('CLASSES.DIVISIONS.CREATE', { name: '5EME B' }),
    });
    await user.selectOptions(screen.getByLabelText(tx('CLASSES.DIVISIONS.SUBJECT')), SUBJECT.id);
    await user.click(create);
    expect(await screen.findByRole('link', { name: tx('CLASSES.DIVISIONS.OPEN') })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ subjectId: SUBJECT.id });
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
  });

  it('asks for the subject before creating', async () => {
    const calls = mockApi([
      { method: 'GET', path: '/subjects', body: [SUBJECT] },
      {
        method: 'GET',
        path: '/sso/divisions',
        body: [{ code: '5B', name: '5EME B', level: 5, schoolclassId: null }],
      },
    ]);
    const user = userEvent.setup();
    renderPage(<SchoolDivisions onCreated={() => {}} />, '/prof/administration/classlist');
    await user.click(
      await screen.findByRole('button', { name: tx('CLASSES.DIVISIONS.CREATE', { name: '5EME B' }) }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(tx('CLASSES.ERRORS.SUBJECT_REQUIRED'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('chooses the subject the teacher teaches already: one click creates the class', async () => {
    const calls = mockApi([
      { method: 'GET', path: '/subjects', body: [SUBJECT] },
      // The teacher's subjects (from what the GAR sent, kept at gar-signup).
      { method: 'GET', path: '/sso/subjects', body: { subjectIds: [SUBJECT.id], source: 'record' } },
      {
        method: 'GET',
        path: '/sso/divisions',
        body: [{ code: '5B', name: '5EME B', level: 5, schoolclassId: null }],
      },
      { method: 'POST', path: '/sso/divisions/5B/class', body: { id: 'c-5b' }, status: 201 },
    ]);
    const user = userEvent.setup();
    renderPage(<SchoolDivisions onCreated={() => {}} />, '/prof/administration/classlist');
    const select = (await screen.findByLabelText(tx('CLASSES.DIVISIONS.SUBJECT'))) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe(SUBJECT.id));
    await user.click(
      screen.getByRole('button', { name: tx('CLASSES.DIVISIONS.CREATE', { name: '5EME B' }) }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ subjectId: SUBJECT.id }),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
