// Every route of the client's route table (read from client/src/app/routes.ts, so a route added later
// is walked too), opened by the role that owns it (a school's head signs in through the test GAR
// identity provider) at seven window sizes from a 320 px phone to a 1920 px projector. On each screen: the page is no wider than the window, no visible control is cut
// by the window's edges or covered by another element, and axe-core finds nothing serious or
// critical. Every failure of the walk is reported together (route, window, what).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { type AppRoute, ROUTES } from '../../client/src/app/routes';
import itAvatars from '../../client/src/i18n/locales/it/avatars.json';
import { HEAD } from '../helpers/sso';
import { atPath, launch, newPage } from './browser';
import { fr } from './pages/fr';
import { TestIdpPage } from './pages/school-sign-on';
import {
  apiSignIn,
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

const TEACHER = { login: 'prof-demo', password: 'Craie-Verte-2026!' };
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
  teacher: (page) => signIn(page, TEACHER),
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
    const teacher = await apiSignIn(TEACHER.login, TEACHER.password);
    const student = await apiSignIn(STUDENT.login, STUDENT.password);
    params = await demoParams(teacher, student);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Walks every route of one role at every size; answers what failed, one line each. */
  async function walk(role: Role): Promise<string[]> {
    const started = Date.now();
    const routes = ROUTES.filter((r) => roleOf(r).includes(role));
    // Sign-out pages last: they end the session.
    routes.sort((a, b) => Number(a.name in LANDS_ON) - Number(b.name in LANDS_ON));
    const { context, page } = await newPage(browser, VIEWPORTS[0]);
    const who = SIGN_IN[role];
    if (who) await who(page);
    const failures: string[] = [];
    let screens = 0;
    for (const route of routes) {
      let url: string;
      try {
        url = fillPath(route.path, params[role]);
      } catch (err) {
        failures.push(`${route.name}: cannot open (${(err as Error).message})`);
        continue;
      }
      // Opened afresh at each phone size, then once for the larger windows, resized from 768 px
      // up to the projector (loadsAt); a sign-out page ends the session, so it is signed in and
      // opened again at each size.
      const before = failures.length;
      const again = who !== null && route.name in LANDS_ON;
      const undo = await SETUP[route.name]?.(page);
      for (const [i, vp] of VIEWPORTS.entries()) {
        const where = `${role} ${route.name} ${url} @${vp.width}x${vp.height}`;
        try {
          await page.setViewportSize(vp);
          if (loadsAt(i) || again) {
            if (again && i > 0 && who) await who(page);
            await open(page, route, url);
            const expected = LANDS_ON[route.name];
            if (expected) await atPath(page, expected);
            if (route.name === 'sign-out-school') {
              await new TestIdpPage(page).waitSignedOut();
              screens++;
              continue;
            }
            await settle(page);
            const at = new URL(page.url()).pathname;
            if (!expected && !matches(route.path, at)) {
              failures.push(`${where}: cannot open, landed on ${at}`);
              break;
            }
          } else await settle(page);
          screens++;
          for (const p of await layoutProblems(page)) failures.push(`${where}: ${p}`);
          for (const p of await axeProblems(page)) failures.push(`${where}: ${p}`);
        } catch (err) {
          failures.push(`${where}: cannot open (${(err as Error).message.split('\n')[0]})`);
        }
      }
      await undo?.();
      if (failures.length > before) console.log(failures.slice(before).join('\n'));
    }
    await context.close();
    console.log(
      `every-screen ${role}: ${routes.length} routes, ${screens} screens in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    return failures;
  }

  // Two walks at a time, each in its own page (the machine's two cores each drive one): the
  // teacher's with the public's, then the student's, whose live page joins the room the teacher's
  // board opened, with the school's head. WALK_ROLES=public (or teacher,student) walks only those.
  const only = process.env.WALK_ROLES?.split(',');
  const pairs: Role[][] = [
    ['teacher', 'public'],
    ['student', 'school'],
  ];
  for (const pair of pairs.map((p) => p.filter((r) => !only || only.includes(r))).filter((p) => p.length)) {
    test(`${pair.join(' and ')}: no page wider than the window, no control cut or covered, no serious axe finding`, {
      timeout: 900_000,
    }, async () => {
      const failures = await Promise.all(pair.map(walk));
      expect(Object.fromEntries(pair.map((r, i) => [r, failures[i]]))).toEqual(
        Object.fromEntries(pair.map((r) => [r, []])),
      );
    });
  }

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
