// The signed-in user for React: the stored local user and the fetched user record.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import type { StoredUser, UserRecord } from '../../../shared/types';
import { getUser } from '../api/users';
import { getStoredUser, logout, subscribeUser } from './auth-store';

interface SessionValue {
  user: StoredUser | null;
  record: UserRecord | null;
  /** True until the record of a stored user was fetched once. */
  loading: boolean;
  refresh: () => Promise<UserRecord | null>;
}

const SessionContext = createContext<SessionValue>({
  user: null,
  record: null,
  loading: false,
  refresh: async () => null,
});

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<StoredUser | null>(() => getStoredUser());
  const [record, setRecord] = useState<UserRecord | null>(null);
  const [loading, setLoading] = useState<boolean>(() => !!getStoredUser());

  const refresh = useCallback(async () => {
    const u = getStoredUser();
    if (!u) {
      setRecord(null);
      setLoading(false);
      return null;
    }
    try {
      const r = await getUser(u.id);
      setRecord(r);
      return r;
    } catch (err) {
      // At start-up, a stored user whose record comes back empty is removed (SPEC point 4).
      if ((err as { status?: number }).status === 404 || (err as { status?: number }).status === 401)
        logout();
      setRecord(null);
      return null;
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    const off = subscribeUser((u) => {
      setUser((prev) => {
        if (u?.id !== prev?.id) {
          setRecord(null);
          if (u) setLoading(true);
        }
        return u;
      });
    });
    return () => {
      off();
    };
  }, []);

  useEffect(() => {
    if (user?.id) void refresh();
    else {
      setRecord(null);
      setLoading(false);
    }
  }, [user?.id, refresh]);

  return (
    <SessionContext.Provider value={{ user, record, loading, refresh }}>{children}</SessionContext.Provider>
  );
}

export const useSession = () => useContext(SessionContext);
