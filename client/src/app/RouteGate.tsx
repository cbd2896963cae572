// Applies the navigation guard of SPEC point 2 before a page renders: access rules, the route's
// special rule (registration step, request-sent, admin), and logout when the guard asks for it.
import { type ReactNode, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lookupClassCode } from '../api/catalogue';
import { PageLoader } from '../components/layout/PageLoader';
import { dataFor, useAsync } from '../lib/use-async';
import { logout } from './auth-store';
import {
  afterLogin,
  type GuardResult,
  guard,
  homeOf,
  registrationStepGuard,
  requestSentGuard,
} from './guards';
import { usePreviousPath } from './navigation-history';
import type { AppRoute } from './routes';
import { useSession } from './session';

/** sessionStorage key of the class a student registers into, resolved from the class code. */
export const REGISTER_SCHOOLCLASS_KEY = 'registerSchoolclassId';

export function RouteGate({
  route,
  children,
}: {
  route: Pick<AppRoute, 'access' | 'special'> & { name?: string };
  children: ReactNode;
}) {
  const { user, record, loading } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const previousPath = usePreviousPath();
  const query = useMemo(() => new URLSearchParams(location.search), [location.search]);
  // Role rules need the fetched record (the e-mail rule, the admin flag): wait for it.
  const waiting =
    !!user && loading && ((route.access !== 'public' && route.access !== 'all') || route.special === 'admin');

  // The sign-out pages forget the user and then choose where to go (login, or the GAR helper).
  const signedOutHere = !user && !!route.name?.startsWith('sign-out-');

  let result: GuardResult | null = null;
  if (signedOutHere) result = { kind: 'allow' };
  else if (!waiting) {
    result = guard({
      access: route.access,
      path: location.pathname,
      user,
      email: record ? record.email : undefined,
      query,
    });
    // A signed-in user on a public page has just logged in (or came back): land where SPEC point 2's
    // after-login rule says, which is the home page once an avatar was chosen. Another target (a
    // student opening a class's QR code goes to join-class) is kept.
    if (
      result.kind === 'redirect' &&
      !result.logout &&
      route.access === 'public' &&
      user &&
      result.to === homeOf(user)
    ) {
      result = { kind: 'redirect', to: afterLogin(user) };
    }
    if (result.kind === 'allow' && route.special === 'request-sent') result = requestSentGuard(previousPath);
    if (result.kind === 'allow' && route.special === 'admin' && !record?.isAdmin) {
      result = { kind: 'redirect', to: homeOf(user) };
    }
  }

  // The registration-step rule may call the server to resolve the class code.
  const stepKey = `${location.pathname}${location.search}`;
  const needsStep = route.special === 'registration-step' && result?.kind === 'allow';
  // Checked once per URL: previousPath and user are read then, a later change does not check again.
  const step = useAsync(needsStep ? stepKey : null, () =>
    registrationStepGuard({
      query,
      fromPath: previousPath,
      user,
      resolve: async (code) => (await lookupClassCode(code)).schoolclassId ?? null,
      remember: (id) => sessionStorage.setItem(REGISTER_SCHOOLCLASS_KEY, id),
    }),
  );
  if (needsStep) result = dataFor(step, stepKey) ?? null;

  const redirectTo = result?.kind === 'redirect' ? result.to : null;
  const redirectLogout = result?.kind === 'redirect' && !!result.logout;
  useEffect(() => {
    if (!redirectTo) return;
    if (!redirectLogout) {
      navigate(redirectTo, { replace: true });
      return;
    }
    // Sign out only once on the target page (the GAR helper), whose guard asks for it again: signing
    // out here would make this page's guard send the user to login instead.
    if (redirectTo === location.pathname) logout();
    else navigate(redirectTo, { replace: true });
  }, [redirectTo, redirectLogout, navigate, location.pathname]);

  if (result?.kind !== 'allow') return <PageLoader />;
  return <>{children}</>;
}
