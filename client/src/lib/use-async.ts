// One guarded load for the pages TanStack Query must stay out of: the phones' and visitors' first
// load and the app shell (teachers' pages use lib/query.tsx). `load` runs again when `key` changes;
// its AbortSignal is aborted then, and when the component goes, so a late answer (an older key's, or
// after the page left) is never shown, and a request given the signal is cancelled.
import { useEffect, useRef, useState } from 'react';

/** A load's outcome, with the key it was for. */
export type Settled<T> = { key: string; ok: true; data: T } | { key: string; ok: false; error: unknown };

/**
 * The last outcome of `load` (undefined until one arrives). A null key loads nothing and forgets the
 * last outcome. The outcome of an earlier key stays until the new key's arrives (`dataFor` keeps the
 * current key's only).
 */
export function useAsync<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): Settled<T> | undefined {
  const [settled, setSettled] = useState<Settled<T>>();
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    if (key === null) {
      // Nothing to show: a later key starts from nothing, not from what an earlier one read.
      setSettled(undefined);
      return;
    }
    const stop = new AbortController();
    loadRef.current(stop.signal).then(
      (data) => {
        if (!stop.signal.aborted) setSettled({ key, ok: true, data });
      },
      (error: unknown) => {
        if (!stop.signal.aborted) setSettled({ key, ok: false, error });
      },
    );
    return () => stop.abort();
  }, [key]);
  return settled;
}

/** The data loaded for `key` itself (undefined while it loads, after a failure, or with a null key). */
export function dataFor<T>(settled: Settled<T> | undefined, key: string | null): T | undefined {
  return settled?.ok && settled.key === key ? settled.data : undefined;
}
