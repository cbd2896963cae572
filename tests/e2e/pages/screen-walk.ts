// The screen walk of tests/e2e/every-screen.e2e.ts: which role opens a route, the real ids its
// parameters take, and the checks run on each screen (width, controls in view and uncovered, axe).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { AppRoute } from '../../../client/src/app/routes';

export const VIEWPORTS = [
  { width: 320, height: 640 },
  { width: 360, height: 800 },
  { width: 800, height: 360 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1440, height: 1024 },
  { width: 1920, height: 1080 },
] as const;

export type Role = 'public' | 'student' | 'professor' | 'school';

/**
 * The roles that reach a route: public pages are walked signed out (a signed-in user is sent home),
 * pages open to all (the ticket form, legal texts, guides) signed out and signed in as each role,
 * whose top bar and menus they then show.
 */
export function roleOf(route: AppRoute): Role[] {
  switch (route.access) {
    case 'STUDENT':
      return ['student'];
    case 'PROFESSOR':
      return ['professor'];
    case 'PROFESSOR_OR_STUDENT':
      return ['student', 'professor'];
    // A school's management signs in only through the GAR or an ENT: the walk comes in through the
    // test identity provider as the head of the demo's GAR school.
    case 'SCHOOL':
      return ['school'];
    case 'all':
      return ['public', 'student', 'professor', 'school'];
    default:
      return ['public'];
  }
}

/**
 * Whether the walk opens the route afresh at this window size rather than resizing the page it has:
 * each phone layout loads the page at its own size (what it lays out first is what a phone user
 * gets, menus folded and all): the narrow phone at 320x640, then the phone held sideways at 800x360.
 * The other sizes resize the page loaded last. 360x800 is the narrow phone's layout again (the same
 * media queries, the same answer to the one width the client reads in script, 600 px), and 768x1024
 * the sideways phone's width class, then the larger windows up to the projector, as a window is
 * resized. The page is loaded twice per route instead of four times.
 */
export function loadsAt(i: number): boolean {
  const vp = VIEWPORTS[i];
  return i === 0 || (vp.width === 800 && vp.height === 360);
}

/**
 * Whether axe-core runs at this window size. What axe finds depends on the DOM and on which of its
 * elements show, which the window changes only at the client's breakpoints (widths 400 to 1180 px,
 * height 600 px), and on what scrolls (a scrolling region must be reachable by keyboard). axe runs at
 * the size of each layout most likely to show a size-dependent finding: 320x640 (the phones, menu
 * folded: 360x800 shows the same elements, roomier), 800x360 (a tablet's width, menu folded, and the
 * short window, where the board's panels and menus scroll: 768x1024 shows the same elements,
 * taller) and 1920x1080 (the full top bar, what the projector shows). 1440x1024 has no rule of its
 * own; 1024x768 only hides the top bar's icons and squeezes the signed-in name into a screen-reader
 * text (both elements axe judges at 1920x1080, the name with the same accessible name). The layout
 * checks, which see what a window's size does to every control, run at all seven sizes.
 */
export function axeAt(i: number): boolean {
  const vp = VIEWPORTS[i];
  return [320, 800, 1920].includes(vp.width);
}

async function api<T>(path: string, token?: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}/api${path}`, {
    ...init,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(init?.body ? { 'content-type': 'application/json' } : {}),
    },
  });
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function apiSignIn(login: string, password: string) {
  const body = await api<{ id: string; studentId?: string | null; accessToken: string }>(
    '/auth/signin',
    undefined,
    { method: 'POST', body: JSON.stringify({ login, password }) },
  );
  return { id: body.id, studentId: body.studentId ?? '', token: body.accessToken };
}

/** Real values for every route parameter, by role, read from the seeded demo school. */
export async function demoParams(
  professor: { id: string; token: string },
  student: { studentId: string; token: string },
): Promise<Record<Role, Record<string, string>>> {
  const classes = await api<{ id: string; name: string; subjectId: string }[]>(
    '/schoolclasses',
    professor.token,
  );
  const cls = classes.find((c) => c.name === '5e B') ?? classes[0];
  if (!cls) throw new Error('the demo teacher has no class');
  const chapters = await api<{ id: string }[]>('/chapters', professor.token);
  let chapterId = '';
  let raidId = '';
  for (const c of chapters) {
    const raids = await api<{ id: string }[]>(`/chapters/${c.id}/raids`, professor.token);
    if (raids[0]) {
      chapterId = c.id;
      raidId = raids[0].id;
      break;
    }
  }
  if (!raidId) throw new Error('the demo teacher has no raid');
  const homework = await api<
    {
      id: string;
      raidId: string;
      schoolclassId: string;
      professor: { id: string };
      subject: { id: string };
    }[]
  >(`/homeworkRaids/${student.studentId}`, student.token);
  const hw = homework[0];
  if (!hw) throw new Error(`the demo student ${student.studentId} has no homework`);
  // A raid report: the class's latest play this school year (other test files play raids); with none,
  // an id no play has, which opens the report's own "no report yet" state.
  const plays = await api<{ plays: { id: string }[] }>(
    `/analytics/schoolclasses/${cls.id}/${cls.subjectId}/plays?period=year`,
    professor.token,
  );
  const playId = plays.plays[0]?.id ?? '00000000-0000-4000-8000-000000000000';
  return {
    public: { professorId: professor.id },
    school: {},
    professor: {
      schoolclassId: cls.id,
      subjectId: cls.subjectId,
      id: cls.id,
      chapterId,
      raidId,
      playId,
      // The teacher's page about the walk's own pupil (eleve01, of 5e B).
      studentId: student.studentId,
    },
    student: {
      schoolclassId: hw.schoolclassId,
      subjectId: hw.subject.id,
      homeworkId: hw.id,
      professorId: hw.professor.id,
      raidId: hw.raidId,
    },
  };
}

/** The route's path with its parameters filled in (optional ones left out when unknown). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\/:(\w+)(\?)?/g, (_, name: string, optional?: string) => {
    const v = params[name];
    if (v) return `/${v}`;
    if (optional) return '';
    throw new Error(`no demo value for :${name}`);
  });
}

/** Whether `pathname` is one the route matches (the page did not redirect elsewhere). */
export function matches(path: string, pathname: string): boolean {
  const re = path.replace(/\/:\w+\?/g, '(?:/[^/]+)?').replace(/\/:\w+/g, '/[^/]+');
  return new RegExp(`^${re}/?$`).test(pathname);
}

/**
 * Waits until the page has rendered: no loader shown, no part of the page still loading (a board's
 * "opening" message until its room answers, a live phone's or a homework's wait: `aria-busy`, a
 * busy button aside), fonts and images settled, two frames. Without the busy wait, the walk judged a
 * board's screen only when its room happened to answer first: the raid's start panel, cut at 800x360,
 * failed one run in a few and passed the others on the loading message.
 */
export async function settle(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('.page-loader') &&
      !document.querySelector('[aria-busy="true"]:not(button)') &&
      document.readyState === 'complete' &&
      !!document.querySelector('#root')?.children.length,
    undefined,
    { timeout: 20_000 },
  );
  // The pointer leaves the window: where the last click left it, a hover style would be judged instead
  // of the screen's own, and the result would hang on the order of the walk.
  await page.mouse.move(-1, -1);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** What breaks the layout on the current screen: a page wider than the window, controls cut or covered. */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const vw = window.innerWidth;
    const sw = document.scrollingElement?.scrollWidth ?? 0;
    if (sw > vw) out.push(`page ${sw} px wide in a ${vw} px window`);
    const describe = (el: Element) => {
      const name =
        el.getAttribute('aria-label') ||
        el.textContent?.trim().slice(0, 40) ||
        el.getAttribute('title') ||
        el.getAttribute('name') ||
        el.id;
      return `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}> "${name ?? ''}"`;
    };
    /** The nearest ancestor that scrolls (or clips) its content, below the document. */
    const clipper = (el: Element): Element | null => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (/(auto|scroll|hidden)/.test(s.overflowX + s.overflowY)) return p;
      }
      return null;
    };
    // An open modal dialog (a student's account sheet) is all a user can reach: the page under its
    // backdrop is inert by design.
    const modals = [...document.querySelectorAll('[aria-modal="true"], dialog[open]')].filter((m) =>
      (m as HTMLElement).checkVisibility(),
    );
    const scope: ParentNode = modals.length ? modals[modals.length - 1] : document;
    const controls = [
      ...scope.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, [role=button]'),
    ];
    /**
     * The ancestors that cut what overflows them (overflow hidden or clip, per axis), with the part
     * of the control they cut: a menu link half hidden by its bar ("Codex" cut at 1024 px) is found
     * here, which the window's edges and the centre point would not tell. Read before anything is
     * scrolled: scrollIntoView moves even a hidden-overflow box, and would hide the cut.
     */
    const cutBy = (el: HTMLElement, r: DOMRect): string | null => {
      // What must show, per axis: the control itself, then, once inside a box that scrolls on that
      // axis (the control is reached by scrolling it), that box, which the boxes further out must show.
      let [x0, x1, y0, y1] = [r.left, r.right, r.top, r.bottom];
      for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
        const s = getComputedStyle(p);
        const b = p.getBoundingClientRect();
        // The padding box: what overflows the border is cut.
        const left = b.left + p.clientLeft;
        const top = b.top + p.clientTop;
        const right = left + p.clientWidth;
        const bottom = top + p.clientHeight;
        const cutsX = /hidden|clip/.test(s.overflowX);
        const cutsY = /hidden|clip/.test(s.overflowY);
        const cut =
          (cutsX && (x0 < left - 2 || x1 > right + 2)) || (cutsY && (y0 < top - 2 || y1 > bottom + 2));
        if (cut) {
          const shown = Math.max(0, Math.min(r.right, right) - Math.max(r.left, left));
          return `${describe(p)} (${Math.round(shown)} of ${Math.round(r.width)} px shown)`;
        }
        if (/auto|scroll/.test(s.overflowX)) [x0, x1] = [left, right];
        if (/auto|scroll/.test(s.overflowY)) [y0, y1] = [top, bottom];
      }
      return null;
    };
    // A badge whose text is wider than the badge spills out of it (Italian "Equipaggiato" on a phone).
    for (const badge of document.querySelectorAll<HTMLElement>('[class*="badge"]')) {
      if (!badge.checkVisibility() || badge.closest('[inert], [aria-hidden="true"]')) continue;
      if (badge.scrollWidth > badge.clientWidth + 1 && badge.clientWidth > 0)
        out.push(`${describe(badge)} text ${badge.scrollWidth} px wide in its ${badge.clientWidth} px badge`);
    }
    for (const el of controls) {
      const html = el as HTMLElement;
      if (html.closest('[inert], [aria-hidden="true"]')) continue;
      if (!html.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      let r = html.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const cut = cutBy(html, r);
      if (cut) {
        out.push(`${describe(html)} cut by ${cut}`);
        continue;
      }
      // Inside a scroll container and scrolled out of it: reachable by scrolling that container.
      const box = clipper(html);
      if (box) {
        const b = box.getBoundingClientRect();
        if (r.right <= b.left + 1 || r.left >= b.right - 1 || r.bottom <= b.top + 1 || r.top >= b.bottom - 1)
          continue;
        // Partly scrolled away in a container that scrolls sideways: its scroll brings it into view.
        const scrolls =
          /(auto|scroll)/.test(getComputedStyle(box).overflowX) && box.scrollWidth > box.clientWidth;
        if (scrolls && (r.left < b.left - 1 || r.right > b.right + 1)) continue;
      }
      if (r.left < -1 || r.right > vw + 1) {
        out.push(`${describe(html)} outside the window (x ${Math.round(r.left)} to ${Math.round(r.right)})`);
        continue;
      }
      // Scrolled into view to see what lies on it, then every box put back where it was: the next
      // control, and the next window size of the same page, are judged on the page as a user left
      // it (scrollIntoView scrolls even a box that hides its overflow, like the board's, and would
      // push the board's top bar out of the window for the rest of the walk).
      const scrolled: [Element, number, number][] = [];
      for (let p = html.parentElement; p; p = p.parentElement) scrolled.push([p, p.scrollTop, p.scrollLeft]);
      html.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
      r = html.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const hit = y < 0 || y > window.innerHeight ? null : document.elementFromPoint(x, y);
      for (const [p, top, left] of scrolled) {
        if (p.scrollTop !== top || p.scrollLeft !== left) p.scrollTo({ top, left, behavior: 'instant' });
      }
      if (!hit || hit === html || html.contains(hit) || hit.contains(html)) continue;
      // A visually replaced input (custom checkbox) under its own label.
      const label = hit.closest('label');
      if (label && (label.contains(html) || (html as HTMLInputElement).labels?.length)) {
        const labels = [...((html as HTMLInputElement).labels ?? [])];
        if (label.contains(html) || labels.includes(label)) continue;
      }
      out.push(`${describe(html)} covered by ${describe(hit)}`);
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
    return out;
  });
}

/** axe-core itself (the engine @axe-core/playwright wraps), injected into each page the walk loads. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious or critical axe-core findings, one line each (rule, what, where). axe runs in the page,
 * injected once per document and then run at each window size: @axe-core/playwright's analyze()
 * injects it again and opens a blank page for every call, which made most of the walk's time. Our
 * pages have no frames, which is all its cross-frame machinery adds.
 */
export async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<AxeResults> } })
      .axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `axe ${v.impact} ${v.id}: ${v.help} (${v.targets.length}: ${v.targets.slice(0, 3).join(', ')})`,
    );
}
