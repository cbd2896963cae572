// The pupil's display settings (issue 24): read-aloud, a reading-friendly display and fewer
// animations, set by their teacher or by themselves in Options. Read once per session; the phone's
// live page and the homework pages apply them to the page while they are open (attributes on <html>
// that reading.css styles). The dyslexia-friendly font (OpenDyslexic, SIL OFL 1.1, shipped with the
// app, never from another host) is downloaded only once the reading-friendly display is on.
import { useEffect, useSyncExternalStore } from 'react';
// Not from shared/schemas: that would load every shared schema (and zod) with the live page.
import { NO_ACCOMMODATIONS } from '../../../shared/no-accommodations';
import type { Accommodations } from '../../../shared/schemas/accommodations';
import { getMyAccommodations } from '../api/accommodations';
import { useSession } from '../app/session';
import './reading.css';

let current: Accommodations = NO_ACCOMMODATIONS;
let loadedFor: string | null = null;
const listeners = new Set<() => void>();

export function setDisplayPrefs(a: Accommodations) {
  current = a;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

let fontLoading: Promise<unknown> | null = null;
/** The font's two weights, bundled by the build: only fetched when a pupil turns the display on. */
export function loadReadingFont() {
  fontLoading ??= Promise.all([
    import('@fontsource/opendyslexic/400.css'),
    import('@fontsource/opendyslexic/700.css'),
  ]).catch(() => {
    fontLoading = null;
  });
  return fontLoading;
}

/** The signed-in pupil's settings (all off until read, and for anyone else). */
export function useDisplayPrefs(): Accommodations {
  const { user } = useSession();
  const studentId = user?.studentId ?? null;
  useEffect(() => {
    if (!studentId || loadedFor === studentId) return;
    loadedFor = studentId;
    getMyAccommodations(studentId)
      .then(setDisplayPrefs)
      .catch(() => {
        loadedFor = null;
      });
  }, [studentId]);
  return useSyncExternalStore(subscribe, () => current);
}

/**
 * Applies the pupil's display settings to the page while the calling screen is shown (the phone's
 * live page, homework): <html data-reading="friendly" data-motion="reduced">.
 */
export function useApplyDisplayPrefs(): Accommodations {
  const prefs = useDisplayPrefs();
  useEffect(() => {
    const root = document.documentElement;
    if (prefs.readingFriendly) {
      void loadReadingFont();
      root.dataset.reading = 'friendly';
    } else delete root.dataset.reading;
    if (prefs.fewerAnimations) root.dataset.motion = 'reduced';
    else delete root.dataset.motion;
    return () => {
      delete root.dataset.reading;
      delete root.dataset.motion;
    };
  }, [prefs.readingFriendly, prefs.fewerAnimations]);
  return prefs;
}
