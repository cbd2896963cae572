// The operator's legal details (issue 15): who publishes the service, who hosts it, who controls the
// data and how to reach the data-protection officer. Set by the operator (LEGAL_* variables), shown
// on the legal notice and the privacy policy; null when not configured yet.
import { z } from 'zod';

export const LEGAL_TEXT_MAX = 500;

export const legalInfoSchema = z.object({
  publisher: z.string().max(LEGAL_TEXT_MAX).nullable(),
  host: z.string().max(LEGAL_TEXT_MAX).nullable(),
  controller: z.string().max(LEGAL_TEXT_MAX).nullable(),
  dpoContact: z.string().max(LEGAL_TEXT_MAX).nullable(),
});
export type LegalInfo = z.infer<typeof legalInfoSchema>;
export const LEGAL_FIELDS = ['publisher', 'host', 'controller', 'dpoContact'] as const;
