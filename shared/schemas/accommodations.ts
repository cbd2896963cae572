// A pupil's accommodations (issue 24): which ones, never why. A teacher of the pupil's class sets all
// four; the pupil sets the three display ones for themselves (never extra time).
import { z } from 'zod';
import { ERR } from '../errors.js';
import { EXTRA_TIMES } from '../game/extra-time.js';

export const displayPrefsSchema = z.object({
  readAloud: z.boolean({ error: ERR.INVALID_BODY }),
  readingFriendly: z.boolean({ error: ERR.INVALID_BODY }),
  fewerAnimations: z.boolean({ error: ERR.INVALID_BODY }),
});
export type DisplayPrefs = z.infer<typeof displayPrefsSchema>;

export const accommodationsSchema = displayPrefsSchema.extend({
  extraTime: z.enum(EXTRA_TIMES, { error: ERR.INVALID_BODY }),
});
export type Accommodations = z.infer<typeof accommodationsSchema>;

/** No accommodation (shared/no-accommodations.ts: zod-free, for the phone's first load). */
export { NO_ACCOMMODATIONS } from '../no-accommodations.js';

/** One pupil's accommodations in a class's list (the teacher's class page). */
export const pupilAccommodationsSchema = accommodationsSchema.extend({ studentId: z.uuid() });
export type PupilAccommodations = z.infer<typeof pupilAccommodationsSchema>;
