import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RaidSettings } from '../../../../../shared/game/contract';
import { stubFetch } from '../../../app/test-app';
import i18n from '../../../i18n';
import { QueryScope } from '../../../lib/query';
import { ids, makeSnapshot } from '../fake-socket';
import { SelectRaidScreen } from './SelectRaidScreen';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);
const key = { schoolclassId: ids.schoolclass, subjectId: ids.subject };

function open(run = vi.fn(async () => true), settings?: RaidSettings) {
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
            settings={settings}
          />
        ),
      },
    ],
    { initialEntries: ['/prof/game/x/y/select-raid'] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryScope });
  return { run, router };
}

describe('SelectRaidScreen', () => {
  afterEach(() => vi.unstubAllGlobals());

  const chapters = () =>
    stubFetch({
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

  it('lists the chapters of the subject with their raids and opens the chosen one’s lobby with the settings', async () => {
    const calls = chapters();
    const { run, router } = open();
    expect(await screen.findByRole('heading', { name: 'Fractions' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Vide' })).toBeNull();
    expect(screen.getByText(t('GAME.SELECT_RAID.QUESTIONS', { count: 5 }))).toBeTruthy();
    expect(screen.getByText(t('GAME.SELECT_RAID.QUESTIONS', { count: 1 }))).toBeTruthy();
    expect(calls[0].url).toBe(`/api/game/raids?subjectId=${ids.subject}`);
    fireEvent.click(screen.getByRole('button', { name: /Les fractions/ }));
    expect(run).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: t('GAME.SETTINGS.OPEN_LOBBY') }));
    expect(run).toHaveBeenCalledWith('raid:start', {
      raidId: ids.raid,
      settings: {
        questionSeconds: 30,
        endWhenAllAnswered: true,
        askEveryQuestion: false,
        scoring: 'accuracy',
        multiScoring: 'all',
      },
    });
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/prof/game/${ids.schoolclass}/${ids.subject}/${ids.raid}/raid`,
      ),
    );
  });

  it('offers the settings chosen last time, and sends the ones the teacher changes', async () => {
    chapters();
    const last: RaidSettings = {
      questionSeconds: 45,
      endWhenAllAnswered: false,
      askEveryQuestion: true,
      scoring: 'speed',
    };
    const { run } = open(undefined, last);
    fireEvent.click(await screen.findByRole('button', { name: /Les fractions/ }));
    const time = screen.getByRole('combobox', { name: t('GAME.SETTINGS.TIME') }) as HTMLSelectElement;
    expect(time.value).toBe('45');
    expect(
      (screen.getByRole('checkbox', { name: t('GAME.SETTINGS.END_EARLY') }) as HTMLInputElement).checked,
    ).toBe(false);
    fireEvent.change(time, { target: { value: 'none' } });
    fireEvent.click(screen.getByRole('checkbox', { name: t('GAME.SETTINGS.ASK_ALL') }));
    const speed = screen.getByRole('radio', { name: t('GAME.SETTINGS.SCORING_SPEED') });
    // Each scoring says in one line what it does (issue 21).
    expect(speed.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(speed.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      t('GAME.SETTINGS.SCORING_SPEED_HINT'),
    );
    fireEvent.click(screen.getByRole('radio', { name: t('GAME.SETTINGS.SCORING_ACCURACY') }));
    fireEvent.click(screen.getByRole('button', { name: t('GAME.SETTINGS.OPEN_LOBBY') }));
    expect(run).toHaveBeenCalledWith('raid:start', {
      raidId: ids.raid,
      settings: {
        questionSeconds: null,
        endWhenAllAnswered: false,
        askEveryQuestion: false,
        scoring: 'accuracy',
      },
    });
  });

  it('says when the subject has no raid', async () => {
    stubFetch({ [`GET /api/game/raids?subjectId=${ids.subject}`]: { body: [] } });
    open();
    expect((await screen.findByTestId('no-raids')).textContent).toBe(t('GAME.SELECT_RAID.EMPTY'));
  });
});
