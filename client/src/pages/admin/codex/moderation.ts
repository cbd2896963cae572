// Pure helpers of the moderation table (unit-tested): search key and row order.
import { CODEX_STATUS, type Phrase } from '../../../../../shared/codex';

/** Lowercase without accents: "Élève" and "eleve" match. */
export const searchKey = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Pending phrases first, flagged ones at their top; then everything else; newest first within each. */
export function moderationOrder(a: Phrase, b: Phrase): number {
  const rank = (c: Phrase) => (c.status === CODEX_STATUS.PENDING ? (c.flagged ? 0 : 1) : 2);
  return rank(a) - rank(b) || b.date.localeCompare(a.date);
}
