// Every route of the client's route table (read from client/src/app/routes.ts, so a route added later
// is walked too), opened by the role that owns it (a school's head signs in through the test GAR
// identity provider) at seven window sizes from a 320 px phone to a 1920 px projector. On each screen:
// the page is no wider than the window, no visible control is cut by the window's edges or covered by
// another element; in each of the layouts the sizes fall into, axe-core finds nothing serious or
// critical (axeAt in pages/screen-walk.ts says which sizes, and why they are enough). Every failure
// of the walk is reported together (route, window, what).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type AppRoute, ROUTES } from '../../client/src/app/routes';
import itAvatars from '../../client/src/i18n/locales/it/avatars.json';
import { HEAD } from '../helpers/sso';
import { atPath, launch, newPage } from './browser';
import { fr } from './pages/fr';
import { TestIdpPage } from './pages/school-sign-on';
import {
  apiSignIn,
  axeAt,
  axeProblems,
  demoParams,
  fillPath,
  layoutProblems,
  loadsAt,
  matches,
  type Role,
  roleOf,
  settle,
  VIEWPORTS,
} from './pages/screen-walk';

const PROFESSOR = { login: 'prof-demo', password: 'Craie-Verte-2026!' };
// A student no other e2e file signs in as... eleve01 is the demo's first student, read-only here.
const STUDENT = { login: 'eleve01', password: 'Cartable-Bleu-7!' };

/** Routes that end elsewhere by design, and where they end. */
const LANDS_ON: Record<string, string> = {
  'sign-out-professor': '/login',
  'sign-out-student': '/login',
  // The head came in through the GAR: signing out ends the GAR's session too, on the identity
  // provider's own page, which is not ours to judge.
  'sign-out-school': '/slo',
  // A teacher chooses a character at first sign-in, not before the account exists (docs/decisions.md).
  'register-professor-avatar': '/login',
};

/** Routes shown only in a state the demo school lacks, and the small setup that gives it (undone after). */
const SETUP: Record<string, (page: Page) => Promise<() => Promise<void>>> = {
  // Shown to a student whose account still carries an e-mail: the session's record says so.
  'student-update-account': async (page) => {
    const record = /\/api\/users\/[^/?]+$/;
    await page.route(record, async (r) => {
      if (r.request().method() !== 'GET') return r.continue();
      const res = await r.fetch();
      await r.fulfill({ response: res, json: { ...(await res.json()), email: 'eleve01@example.org' } });
    });
    return () => page.unroute(record);
  },
  // The first set-up link of a teacher who has not chosen a character yet (the demo's teacher has).
  settings: async (page) => {
    const status = /\/api\/professors\/[^/]+\/setup-status$/;
    await page.route(status, (r) => r.fulfill({ json: { needsSetup: true } }));
    return () => page.unroute(status);
  },
};

/** How each role signs in (the public walks signed out). */
const SIGN_IN: Record<Role, ((page: Page) => Promise<void>) | null> = {
  professor: (page) => signIn(page, PROFESSOR),
  student: (page) => signIn(page, STUDENT),
  school: async (page) => {
    const idp = new TestIdpPage(page);
    await idp.openFromLogin();
    await idp.pick(HEAD);
    await atPath(page, '/school');
  },
  public: null,
};

async function signIn(page: Page, who: { login: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel(fr.LOGIN.LOGIN_LABEL).fill(who.login);
  await page.getByLabel(fr.LOGIN.PASSWORD_LABEL, { exact: true }).fill(who.password);
  await page.getByRole('button', { name: fr.LOGIN.SUBMIT }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

/** Opens a route as its role would reach it (a registration step needs a class code, the request-sent page the form). */
async function open(page: Page, route: AppRoute, url: string) {
  if (route.special === 'request-sent') {
    await page.goto('/register/form');
    await settle(page);
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    return;
  }
  if (route.special === 'registration-step') {
    await page.goto(`${url}?code=${inject('classCodes')['5e B']}`);
    return;
  }
  await page.goto(url);
}

describe('every screen at every size', () => {
  let browser: Browser;
  let params: Record<Role, Record<string, string>>;

  beforeAll(async () => {
    browser = await launch();
    const professor = await apiSignIn(PROFESSOR.login, PROFESSOR.password);
    const student = await apiSignIn(STUDENT.login, STUDENT.password);
    params = await demoParams(professor, student);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * One walker: a page per role, signed in on its first route of that role (and again after a
   * sign-out page, which ends its session). Walkers share out the routes (see `jobs`).
   */
  function walker() {
    const pages = new Map<Role, { context: BrowserContext; page: Page; signedIn: boolean }>();
    return {
      async page(role: Role): Promise<Page> {
        let p = pages.get(role);
        if (!p) {
          p = { ...(await newPage(browser, VIEWPORTS[0])), signedIn: false };
          pages.set(role, p);
        }
        if (!p.signedIn) {
          await p.page.setViewportSize(VIEWPORTS[0]);
          await SIGN_IN[role]?.(p.page);
          p.signedIn = true;
        }
        return p.page;
      },
      signedOut(role: Role) {
        const p = pages.get(role);
        if (p) p.signedIn = false;
      },
      async close() {
        for (const p of pages.values()) await p.context.close();
      },
    };
  }

  /** Where the walkers' time goes (seconds, all walkers together), printed with the walk's time. */
  const spent = { open: 0, settle: 0, layout: 0, axe: 0 };
  const timed = async <T>(what: keyof typeof spent, run: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await run();
    } finally {
      spent[what] += (performance.now() - t0) / 1000;
    }
  };

  /** Walks one route of `role` at every size on the walker's page; answers what failed, one line each. */
  async function walkRoute(w: ReturnType<typeof walker>, role: Role, route: AppRoute): Promise<string[]> {
    const failures: string[] = [];
    let url: string;
    try {
      url = fillPath(route.path, params[role]);
    } catch (err) {
      return [`${route.name}: cannot open (${(err as Error).message})`];
    }
    const who = SIGN_IN[role];
    const page = await w.page(role);
    // Opened afresh at each phone layout, then resized (loadsAt); a sign-out page ends the session,
    // so it is signed in and opened again at each size.
    const again = who !== null && route.name in LANDS_ON;
    const undo = await SETUP[route.name]?.(page);
    for (const [i, vp] of VIEWPORTS.entries()) {
      const where = `${role} ${route.name} ${url} @${vp.width}x${vp.height}`;
      try {
        await page.setViewportSize(vp);
        if (loadsAt(i) || again) {
          if (again && i > 0 && who) await who(page);
          await timed('open', () => open(page, route, url));
          const expected = LANDS_ON[route.name];
          if (expected) await atPath(page, expected);
          if (route.name === 'sign-out-school') {
            await new TestIdpPage(page).waitSignedOut();
            continue;
          }
          await timed('settle', () => settle(page));
          const at = new URL(page.url()).pathname;
          if (!expected && !matches(route.path, at)) {
            failures.push(`${where}: cannot open, landed on ${at}`);
            break;
          }
        } else await timed('settle', () => settle(page));
        for (const p of await timed('layout', () => layoutProblems(page))) failures.push(`${where}: ${p}`);
        if (axeAt(i))
          for (const p of await timed('axe', () => axeProblems(page))) failures.push(`${where}: ${p}`);
      } catch (err) {
        failures.push(`${where}: cannot open (${(err as Error).message.split('\n')[0]})`);
      }
    }
    await undo?.();
    if (again) w.signedOut(role);
    if (failures.length) console.log(failures.join('\n'));
    return failures;
  }

  /**
   * The walk's work, in the order it is handed out: the teacher's board routes as one job (one board
   * of a class at a time: a second page opening the same room would take it over), then each other
   * route alone, sign-out pages last. The student's routes wait for the board's: the live page joins
   * the room the teacher's board opened, and the student's home shows its "join" card, in every run.
   */
  function jobs(roles: Role[]) {
    let boardDone = () => {};
    const board = new Promise<void>((resolve) => {
      boardDone = resolve;
    });
    const list: { role: Role; routes: AppRoute[]; after?: Promise<void>; done?: () => void }[] = [];
    const isBoard = (r: AppRoute) => r.path.startsWith('/prof/game/');
    const boardRoutes = roles.includes('professor')
      ? ROUTES.filter((r) => roleOf(r).includes('professor') && isBoard(r))
      : [];
    if (boardRoutes.length) list.push({ role: 'professor', routes: boardRoutes, done: boardDone });
    else boardDone();
    const order: Role[] = ['professor', 'public', 'school', 'student'];
    const rest = order
      .filter((role) => roles.includes(role))
      .flatMap((role) =>
        ROUTES.filter((r) => roleOf(r).includes(role) && !(role === 'professor' && isBoard(r))).map((r) => ({
          role,
          routes: [r],
          after: role === 'student' ? board : undefined,
        })),
      );
    const signOut = (j: { routes: AppRoute[] }) => Number(j.routes[0].name in LANDS_ON);
    rest.sort((a, b) => signOut(a) - signOut(b));
    list.push(...rest);
    return list;
  }

  // Every role's routes shared out between WALKERS pages, each in its own browser context per role:
  // a walker takes the next job when it is done with its last, so both of the machine's cores are
  // busy to the end (two role walks side by side left one idle for half the walk). WALK_ROLES=public
  // (or teacher,student) walks only those.
  const only = process.env.WALK_ROLES?.split(',') as Role[] | undefined;
  const roles = (['professor', 'public', 'student', 'school'] as Role[]).filter(
    (r) => !only || only.includes(r),
  );
  const WALKERS = Number(process.env.WALKERS ?? 2);
  test(`${roles.join(', ')}: no page wider than the window, no control cut or covered, no serious axe finding`, {
    timeout: 900_000,
  }, async () => {
    const started = Date.now();
    const queue = jobs(roles);
    const failures = Object.fromEntries(roles.map((r) => [r, [] as string[]]));
    let routes = 0;
    await Promise.all(
      Array.from({ length: WALKERS }, async () => {
        const w = walker();
        try {
          for (let job = queue.shift(); job; job = queue.shift()) {
            await job.after;
            try {
              for (const route of job.routes) {
                failures[job.role].push(...(await walkRoute(w, job.role, route)));
                routes++;
              }
            } finally {
              job.done?.();
            }
          }
        } finally {
          await w.close();
        }
      }),
    );
    const by = Object.entries(spent).map(([k, v]) => `${k} ${Math.round(v)} s`);
    console.log(
      `every-screen: ${routes} routes at ${VIEWPORTS.length} sizes in ${Math.round((Date.now() - started) / 1000)} s, ${WALKERS} walkers (their time: ${by.join(', ')})`,
    );
    expect(failures).toEqual(Object.fromEntries(roles.map((r) => [r, []])));
  });

  // The longest word of the four languages on the narrowest phone: Italian "Equipaggiato" must stay
  // inside its badge, and the avatar page whole.
  test('student: the Italian avatar page on a 320 px phone, badges included', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS[0]);
    await signIn(page, STUDENT);
    await page.evaluate(() => localStorage.setItem('lang', 'it'));
    await page.goto('/student/avatar-selection');
    await settle(page);
    await page.getByText(itAvatars.AVATARS.EQUIPPED_BADGE, { exact: true }).first().waitFor();
    const problems = [...(await layoutProblems(page)), ...(await axeProblems(page))];
    await context.close();
    expect(problems).toEqual([]);
  });
});
