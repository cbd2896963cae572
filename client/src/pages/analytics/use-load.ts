// Loads a page's data again whenever its key (the period, the ids) changes; a late answer of an
// older key is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorKey } from '../auth/api-error';

export function useLoad<T>(key: string, load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef(key);
  const loadRef = useRef(load);
  loadRef.current = load;
  const reload = useCallback(() => {
    current.current = key;
    setError(null);
    loadRef.current().then(
      (d) => current.current === key && setData(d),
      (e) => current.current === key && setError(errorKey(e)),
    );
  }, [key]);
  useEffect(reload, [reload]);
  return { data, error, reload, setData };
}
