// Remembers the previous in-app path, for the guards that depend on where the user comes from
// (a registration step from another step, the request-sent page from the register form).
import { createContext, type ReactNode, useContext, useRef } from 'react';
import { useLocation } from 'react-router';

const PreviousPathContext = createContext<string | null>(null);

export function NavigationHistoryProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const seen = useRef<{ current: string | null; previous: string | null }>({ current: null, previous: null });
  // Updated while rendering so the page's gate sees the previous path in the same render.
  if (seen.current.current !== pathname) {
    seen.current = { previous: seen.current.current, current: pathname };
  }
  return (
    <PreviousPathContext.Provider value={seen.current.previous}>{children}</PreviousPathContext.Provider>
  );
}

/** The path shown before the current one in this tab, or null on the first page. */
export const usePreviousPath = () => useContext(PreviousPathContext);
