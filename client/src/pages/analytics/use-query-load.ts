// `useLoad` for teachers' pages, on TanStack Query: one query per key (the period, the ids), the data
// of the key shown kept until the next key's is read (as `useLoad`), and a late answer of an older key
// never shown. The pupils' own stats page keeps `useLoad`: TanStack Query stays out of phones' loads.
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query';
import { errorKey } from '../auth/api-error';

export function useQueryLoad<T>(queryKey: QueryKey, load: (signal: AbortSignal) => Promise<T>) {
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    placeholderData: keepPreviousData,
  });
  return {
    data: query.data ?? null,
    // A retry shows the loading line again, as a first load does.
    error: query.isError && !query.isFetching ? errorKey(query.error) : null,
    reload: () => void query.refetch(),
    /** The data as a change the server confirmed left it (the other keys are read again when shown). */
    setData(update: (d: T | null) => T | null) {
      queryClient.setQueryData<T>(queryKey, (d) => update(d ?? null) ?? undefined);
    },
  };
}
