// The router: every route of routes.ts behind its guard, pages loaded lazily, `/` to login and a
// real 404 page for unknown paths.
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { AppLayout, type RouteHandle } from '../components/layout/AppLayout';
import { PageLoader } from '../components/layout/PageLoader';
import ErrorPage from '../pages/misc/ErrorPage';
import NotFoundPage from '../pages/misc/NotFoundPage';
import { ChangelogProvider } from './changelog';
import { FeedbackProvider } from './feedback';
import { RouteGate } from './RouteGate';
import { type AppRoute, ROUTES } from './routes';
import { SessionProvider } from './session';

const pages = new Map<AppRoute['load'], LazyExoticComponent<ComponentType>>();
function pageOf(route: AppRoute) {
  let page = pages.get(route.load);
  if (!page) {
    page = lazy(route.load);
    pages.set(route.load, page);
  }
  return page;
}

export function buildRouteObjects(routes: AppRoute[] = ROUTES): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      errorElement: <ErrorPage />,
      children: [
        { index: true, element: <Navigate to="/login" replace /> },
        ...routes.map((route): RouteObject => {
          const Page = pageOf(route);
          const handle: RouteHandle = { name: route.name, chrome: route.chrome !== false };
          return {
            path: route.path,
            handle,
            element: (
              <RouteGate key={route.name} route={route}>
                <Suspense fallback={<PageLoader />}>
                  <Page />
                </Suspense>
              </RouteGate>
            ),
          };
        }),
        {
          path: '*',
          handle: { name: 'not-found', chrome: true } satisfies RouteHandle,
          element: <NotFoundPage />,
        },
      ],
    },
  ];
}

/** Providers that do not depend on the router; tests wrap a memory router with them. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <FeedbackProvider>
        <ChangelogProvider>{children}</ChangelogProvider>
      </FeedbackProvider>
    </SessionProvider>
  );
}

export default function App() {
  const [router] = useState(() => createBrowserRouter(buildRouteObjects()));
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
