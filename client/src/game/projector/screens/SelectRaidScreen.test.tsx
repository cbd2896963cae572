import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../app/test-app';
import i18n from '../../../i18n';
import { ids, makeSnapshot } from '../fake-socket';
import { SelectRaidScreen } from './SelectRaidScreen';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const key = { schoolclassId: ids.schoolclass, subjectId: ids.subject };

function open(run = vi.fn(async () => true)) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <SelectRaidScreen
            snapshot={makeSnapshot()}
            run={run as never}
            toBoard={async () => {}}
            roomKey={key}
          />
        ),
      },
    ],
    { initialEntries: ['/prof/game/x/y/select-raid'] },
  );
  render(<RouterProvider router={router} />);
  return { run, router };
}

describe('SelectRaidScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the chapters of the subject with their raids and starts the chosen one', async () => {
    const calls = stubFetch({
      [`GET /api/game/raids?subjectId=${ids.subject}`]: {
        body: [
          {
            chapterId: 'c1',
            chapterName: 'Fractions',
            level: 5,
            raids: [
              { id: ids.raid, title: 'Les fractions', questionCount: 5 },
              { id: 'r2', title: 'Fractions égyptiennes', questionCount: 1 },
            ],
          },
          { chapterId: 'c2', chapterName: 'Vide', level: 5, raids: [] },
        ],
      },
    });
    const { run, router } = open();
    expect(await screen.findByRole('heading', { name: 'Fractions' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Vide' })).toBeNull();
    expect(screen.getByText(t('GAME.SELECT_RAID.QUESTIONS', { count: 5 }))).toBeTruthy();
    expect(screen.getByText(t('GAME.SELECT_RAID.QUESTIONS', { count: 1 }))).toBeTruthy();
    expect(calls[0].url).toBe(`/api/game/raids?subjectId=${ids.subject}`);
    fireEvent.click(screen.getByRole('button', { name: /Les fractions/ }));
    expect(run).toHaveBeenCalledWith('raid:start', { raidId: ids.raid });
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/prof/game/${ids.schoolclass}/${ids.subject}/${ids.raid}/raid`,
      ),
    );
  });

  it('says when the subject has no raid', async () => {
    stubFetch({ [`GET /api/game/raids?subjectId=${ids.subject}`]: { body: [] } });
    open();
    expect((await screen.findByTestId('no-raids')).textContent).toBe(t('GAME.SELECT_RAID.EMPTY'));
  });
});
