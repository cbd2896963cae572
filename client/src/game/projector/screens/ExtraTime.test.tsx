// The board's extra-time banner (issue 24): after the class's countdown, "Temps supplémentaire" with
// how many pupils are still answering, never who; gone once they have answered, once their time is
// out, and at the reveal. The board asks the server for the room once when the class's time is up.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RaidView } from '../../../../../shared/game/contract';
import i18n from '../../../i18n';
import { ids, makeSnapshot } from '../fake-socket';
import { ExtraTime } from './ExtraTime';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const DEADLINE = T0 + 30_000;
/** The last extra time ends 15 s after the class's (+1/2 of a 30-second question). */
const UNTIL = DEADLINE + 15_000;

function raid(over: Partial<RaidView> = {}): RaidView {
  return {
    kind: 'raid',
    raidId: ids.raid,
    title: 'Les fractions',
    boss: { key: 'glouglou', name: 'Glouglou', image: '', maxHp: 300, hp: 300 },
    turns: { max: 1, left: 1 },
    index: 0,
    count: 3,
    phase: 'question',
    question: {
      id: ids.q1,
      text: 'Combien font 1/2 + 1/4 ?',
      equationMode: false,
      image: null,
      answers: [
        { id: ids.a[0], text: '3/4' },
        { id: ids.a[1], text: '2/6' },
      ],
      multiple: false,
    },
    deadline: DEADLINE,
    extraUntil: UNTIL,
    answeredStudentIds: [],
    reveal: null,
    result: null,
    ...over,
  } as RaidView;
}

const banner = () => screen.queryByTestId('extra-time');
const tick = (ms: number) =>
  act(async () => {
    vi.advanceTimersByTime(ms);
  });

describe("the board's extra-time banner", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    void i18n.changeLanguage('fr');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows nothing during the class countdown, then the count still answering, never a name', async () => {
    const sync = vi.fn();
    const { rerender } = render(<ExtraTime raid={raid()} paused={false} onClassTimeUp={sync} />);
    expect(banner()).toBeNull();
    await tick(29_000);
    expect(banner()).toBeNull();
    expect(sync).not.toHaveBeenCalled();
    // The class's time is up: the board asks for the room (which brings the count), once.
    await tick(1_500);
    expect(sync).toHaveBeenCalledTimes(1);
    rerender(
      <ExtraTime raid={raid({ extraAnswering: 2, extraAnswered: 0 })} paused={false} onClassTimeUp={sync} />,
    );
    const shown = banner();
    expect(shown?.getAttribute('role')).toBe('status');
    expect(shown?.textContent).toBe(
      `${i18n.t('GAME.RAID.EXTRA_TIME')} ${i18n.t('GAME.RAID.EXTRA_ANSWERING', { count: 2 })}`,
    );
    expect(shown?.textContent).toBe('Temps supplémentaire 2 élèves répondent encore');
    // Nobody's name, even though the room knows the pupils.
    for (const p of makeSnapshot().roster) {
      expect(shown?.textContent).not.toContain(p.firstName);
      expect(shown?.textContent).not.toContain(p.studentId);
    }
    // One more answer in the extra time: the count goes down.
    rerender(
      <ExtraTime raid={raid({ extraAnswering: 1, extraAnswered: 1 })} paused={false} onClassTimeUp={sync} />,
    );
    expect(banner()?.textContent).toBe('Temps supplémentaire 1 élève répond encore');
    await tick(5_000);
    expect(sync).toHaveBeenCalledTimes(1);
  });

  it('goes once they have all answered', async () => {
    vi.setSystemTime(DEADLINE + 2_000);
    const { rerender } = render(
      <ExtraTime raid={raid({ extraAnswering: 1, extraAnswered: 0 })} paused={false} />,
    );
    expect(banner()).not.toBeNull();
    rerender(<ExtraTime raid={raid({ extraAnswering: 0, extraAnswered: 1 })} paused={false} />);
    expect(banner()).toBeNull();
  });

  it('goes when their time is out, even without a last count', async () => {
    vi.setSystemTime(DEADLINE + 2_000);
    render(<ExtraTime raid={raid({ extraAnswering: 1, extraAnswered: 0 })} paused={false} />);
    expect(banner()).not.toBeNull();
    await tick(12_000);
    expect(banner()).not.toBeNull();
    await tick(1_500);
    expect(banner()).toBeNull();
  });

  it('goes at the reveal, and never shows for a question without extra time', async () => {
    vi.setSystemTime(DEADLINE + 2_000);
    const { rerender } = render(
      <ExtraTime raid={raid({ extraAnswering: 1, extraAnswered: 0 })} paused={false} />,
    );
    expect(banner()).not.toBeNull();
    rerender(<ExtraTime raid={raid({ phase: 'revealed', extraAnswering: 1 })} paused={false} />);
    expect(banner()).toBeNull();
    rerender(<ExtraTime raid={raid({ extraUntil: null, extraAnswering: 1 })} paused={false} />);
    expect(banner()).toBeNull();
  });

  it('stands still while the room is paused', async () => {
    const sync = vi.fn();
    vi.setSystemTime(DEADLINE - 1_000);
    render(<ExtraTime raid={raid({ extraAnswering: 1 })} paused={true} onClassTimeUp={sync} />);
    await tick(5_000);
    expect(banner()).toBeNull();
    expect(sync).not.toHaveBeenCalled();
  });
});
