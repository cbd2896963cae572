import { describe, expect, it } from 'vitest';
import { type PageGroup, pageGroups, ROUTE_PAGES, ROUTES } from './routes';

describe('route table', () => {
  it('names a page that exists for every route, and every page loader serves a route', async () => {
    const used = new Set<string>();
    for (const [name, ref] of ROUTE_PAGES) {
      const [group, key] = ref.split('/') as [PageGroup, string];
      const { PAGES } = await pageGroups[group]();
      expect(typeof PAGES[key], `${name} → ${ref}`).toBe('function');
      used.add(ref);
    }
    for (const group of Object.keys(pageGroups) as PageGroup[]) {
      const { PAGES } = await pageGroups[group]();
      for (const key of Object.keys(PAGES))
        expect(used, `${group}/${key} unused`).toContain(`${group}/${key}`);
    }
  });

  it('keeps teachers’ pages out of the students’ group and the reverse', () => {
    for (const route of ROUTES) {
      const ref = ROUTE_PAGES.get(route.name) as string;
      // A school's management reads staff pages: the teachers' group, never in a student's download.
      if (route.access === 'PROFESSOR' || route.access === 'SCHOOL') expect(ref).toMatch(/^professor\//);
      else if (route.access === 'STUDENT') expect(ref).toMatch(/^student\//);
      else expect(ref).toMatch(/^public\//);
    }
  });

  it('gives routes that share a page one loader, so the projector is not reloaded between its routes', () => {
    const game = ROUTES.filter((r) => r.path.startsWith('/prof/game/'));
    expect(game.length).toBe(6);
    expect(new Set(game.map((r) => r.load)).size).toBe(1);
  });
});
