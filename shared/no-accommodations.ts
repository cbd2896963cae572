// A pupil without accommodations (issue 24), in a module of its own without zod: the phone's live
// page starts from it before the pupil's settings arrive, and must not load the shared schemas
// (25 KB compressed) for four constants.
import type { Accommodations } from './schemas/accommodations.js';

export const NO_ACCOMMODATIONS: Accommodations = {
  extraTime: 'none',
  readAloud: false,
  readingFriendly: false,
  fewerAnimations: false,
};
