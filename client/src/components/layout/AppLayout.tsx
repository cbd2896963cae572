// The page frame: top bar, content, footer and bug-report button. Routes with `chrome: false`
// (game and registration) get the content alone, edge to edge.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { onOtherTabUserChange } from '../../app/auth-store';
import { homeOf } from '../../app/guards';
import { NavigationHistoryProvider } from '../../app/navigation-history';
import { useSession } from '../../app/session';
import { useActivityTracking } from '../../app/use-activity';
import { BugReportButton } from './BugReportButton';
import './layout.css';

// The top bar and the footer come in their own chunk: the game pages (the phones' live page above
// all, within its 150 KB budget) hide them and never download their menus.
const TopBar = lazy(() => import('./TopBar').then((m) => ({ default: m.TopBar })));
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

/** What a route tells the layout (set as `handle` on the router's route objects). */
export interface RouteHandle {
  name: string;
  chrome: boolean;
}

const isHandle = (h: unknown): h is RouteHandle => !!h && typeof (h as RouteHandle).name === 'string';

export function useCurrentRoute(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle;
    if (isHandle(h)) return h;
  }
  return { name: 'not-found', chrome: true };
}

/**
 * Phone pages whose buttons reach the bottom of the screen (answers, the shop's chest, the codex form):
 * there the bug-report button ends the page, in the flow, instead of floating over a button that a
 * tap meant for would open the bug report.
 */
export const IN_FLOW_BUG_REPORT = new Set(['student-live', 'student-raid', 'skin-shop', 'edit-codex']);

export function AppLayout() {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const { pathname } = useLocation();
  const { user } = useSession();
  useActivityTracking(user?.id);
  useCrossTabSync();

  const game = pathname.startsWith('/prof/game') || pathname.startsWith('/student/live');
  const showFooter = route.chrome && route.name !== 'gar-helper';
  const bugInFlow = IN_FLOW_BUG_REPORT.has(route.name);
  return (
    <NavigationHistoryProvider>
      <div
        className={`app${route.chrome ? '' : ' app--bare'}${user?.role === 'STUDENT' ? ' app--student' : ''}`}
      >
        <a className="skip-link" href="#main">
          {t('LAYOUT.SKIP_TO_CONTENT')}
        </a>
        {route.chrome ? (
          <Suspense
            fallback={
              <div className="topbar">
                <div className="topbar__inner" />
              </div>
            }
          >
            <TopBar />
          </Suspense>
        ) : null}
        <main id="main" className={`app__main${route.chrome ? '' : ' app__main--bare'}`}>
          <Outlet />
          {bugInFlow ? <BugReportButton routeName={route.name} path={pathname} game={game} inFlow /> : null}
        </main>
        {showFooter ? (
          <Suspense fallback={null}>
            <Footer />
          </Suspense>
        ) : null}
        {route.name === 'ticket-form' || bugInFlow ? null : (
          // In a landmark of its own, so that a screen reader's landmark list reaches it too.
          <aside aria-label={t('LAYOUT.BUG_REPORT')}>
            <BugReportButton routeName={route.name} path={pathname} game={game} />
          </aside>
        )}
      </div>
    </NavigationHistoryProvider>
  );
}

/** When another tab signs in as someone else or signs out, follow it (SPEC point 2). */
function useCrossTabSync() {
  const navigate = useNavigate();
  const { user } = useSession();
  const known = useRef(user?.id ?? null);
  known.current = user?.id ?? null;
  useEffect(
    () =>
      onOtherTabUserChange((next) => {
        // A token refresh in another tab rewrites the same user: that is not a change of user.
        if ((next?.id ?? null) === known.current) return;
        known.current = next?.id ?? null;
        navigate(next ? homeOf(next) : '/login', { replace: true });
      }),
    [navigate],
  );
}
