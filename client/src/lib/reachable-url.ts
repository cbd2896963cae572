// The address phones in the classroom reach the server at, for QR codes and the addresses shown on
// the board (issue 21): a board opened at http://localhost:… must not hand the phones "localhost".
// Asked once of the server (PUBLIC_URL, else its network address); this page's origin if it fails.
import { useEffect, useState } from 'react';
import { api } from '../api/http';

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

/** The reachable base URL (no trailing slash); null while it is asked. */
export function useReachableUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void reachableUrl().then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
  }, []);
  return url;
}

/** Forgets the answer (tests). */
export function resetReachableUrl() {
  asked = null;
}
