import { describe, expect, it } from 'vitest';
import { gridCells, sceneLayout } from './layout';

describe('scene layout', () => {
  it('fits 35 avatars inside the board area at 1440x1024 and 1920x1080', () => {
    for (const [w, h] of [
      [1440, 1024],
      [1920, 1080],
    ]) {
      const area = sceneLayout('board', w, h).avatars;
      if (!area) throw new Error('no area');
      const cells = gridCells(35, area);
      expect(cells).toHaveLength(35);
      for (const c of cells) {
        expect(c.x - c.size / 2).toBeGreaterThanOrEqual(area.x - 1);
        expect(c.x + c.size / 2).toBeLessThanOrEqual(area.x + area.w + 1);
        expect(c.y - c.size / 2).toBeGreaterThanOrEqual(area.y - 1);
      }
      // Each name has its own cell's width: neighbours' names cannot overlap.
      for (const [i, c] of cells.entries()) {
        const next = cells[i + 1];
        if (next && next.y === c.y)
          expect(next.x - c.x).toBeGreaterThanOrEqual((c.width + next.width) / 2 - 0.01);
      }
      // Big enough to recognise from the back of the room.
      expect(cells[0].size).toBeGreaterThan(80);
    }
  });

  it('keeps the raid strip under the question and the boss on the right', () => {
    const l = sceneLayout('raid', 1440, 1024);
    expect(l.compact).toBe(true);
    expect(l.avatars?.y).toBeGreaterThan(800);
    expect(l.boss?.x).toBeGreaterThan(1000);
    expect(sceneLayout('codex', 1440, 1024).avatars).toBeNull();
  });

  it('handles an empty class', () => {
    expect(gridCells(0, { x: 0, y: 0, w: 100, h: 100 })).toEqual([]);
  });
});
