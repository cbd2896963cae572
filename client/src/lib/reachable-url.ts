// The address phones in the classroom reach the server at, for QR codes and the addresses shown on
// the board (issue 21): a board opened at http://localhost:… must not hand the phones "localhost".
// Asked once of the server (PUBLIC_URL, else its network address); this page's origin if it fails.
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/http';
import { keys } from './query';

let asked: Promise<string> | null = null;

export function reachableUrl(): Promise<string> {
  asked ??= api
    .get<{ url: string }>('/game/address')
    .then((r) => r.url.replace(/\/$/, ''))
    .catch(() => {
      asked = null;
      return window.location.origin;
    });
  return asked;
}

/** The reachable base URL (no trailing slash); null while it is asked. Teachers' pages only. */
export function useReachableUrl(): string | null {
  const { data } = useQuery({
    queryKey: keys.reachableUrl,
    queryFn: reachableUrl,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? null;
}

/** Forgets the answer (tests). */
export function resetReachableUrl() {
  asked = null;
}
