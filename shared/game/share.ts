// The share of a question's students who found it, as the board shows it after the reveal and the
// raid's report shows it afterwards (docs/decisions.md, issue 21): one computation, one rounding.

/**
 * right / counted, 0..1; null when nobody was counted. Live, the students counted are those present
 * at the reveal or who answered (a present student who did not answer counts as wrong); homework,
 * those who answered.
 */
export const shareRight = (right: number, counted: number): number | null =>
  counted > 0 ? right / counted : null;

/** The share as the whole percentage both screens print ("33 %"). */
export const sharePercent = (share: number): number => Math.round(share * 100);
