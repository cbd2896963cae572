// Validation rules of SPEC point 5 for accounts. Messages are error keys (shared/errors.ts).
import { z } from 'zod';
import { CLASS_CODE_RE, NAME_MIN, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants.js';
import { ERR } from '../errors.js';
import { cleanText } from '../text.js';

export const usernameSchema = cleanText('name')
  .trim()
  .min(1, ERR.REQUIRED)
  .min(USERNAME_MIN, ERR.INVALID_USERNAME)
  .max(USERNAME_MAX, ERR.USERNAME_TOO_LONG)
  .regex(/^[A-Za-z0-9-]+$/, ERR.INVALID_USERNAME);

export const emailSchema = z
  .string({ error: ERR.REQUIRED })
  .trim()
  .min(1, ERR.REQUIRED)
  .max(254, ERR.INVALID_EMAIL)
  .pipe(z.email({ error: ERR.INVALID_EMAIL }))
  .transform((e) => e.toLowerCase());

export const nameSchema = cleanText('name')
  .trim()
  .min(1, ERR.REQUIRED)
  .min(NAME_MIN, ERR.NAME_TOO_SHORT)
  .max(80, ERR.INVALID_BODY);

/** Length and character rules. The quality check (a strength estimator) runs on the server. */
export const passwordSchema = z
  .string({ error: ERR.REQUIRED })
  .min(1, ERR.REQUIRED)
  .min(PASSWORD_MIN, ERR.PASSWORD_TOO_SHORT)
  .max(128, ERR.PASSWORD_TOO_WEAK)
  .regex(/[^A-Za-z]/, ERR.PASSWORD_NEEDS_SYMBOL_OR_DIGIT);

/** French phone numbers: 10 digits starting with 0, or +33 / 0033 followed by 9 digits; spaces, dots and dashes allowed. */
export const phoneSchema = z
  .string({ error: ERR.REQUIRED })
  .trim()
  .min(1, ERR.REQUIRED)
  .transform((p) => p.replace(/[\s.-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^(?:0[1-9]\d{8}|(?:\+|00)(?:33|262|590|594|596|269|687|689)[1-9]\d{7,8})$/, ERR.PHONE_INVALID),
  );

export const requiredText = (max = 120) =>
  cleanText('name').trim().min(1, ERR.REQUIRED).max(max, ERR.INVALID_BODY);

/** A class code (six digits); `missing` is the key answered when it is absent or not a string. */
export const classCode = (missing: string = ERR.REQUIRED) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, 'GENERIC_FORM.ERRORS.REQUIRED_FIELD')
    .regex(CLASS_CODE_RE, ERR.INVALID_CODE);
export const classCodeSchema = classCode();

export const signinSchema = z.object({
  login: z.string({ error: ERR.REQUIRED }).trim().min(1, ERR.REQUIRED).max(254, ERR.BAD_CREDENTIALS),
  password: z.string({ error: ERR.REQUIRED }).min(1, ERR.REQUIRED).max(128, ERR.BAD_CREDENTIALS),
  /** This browser's known-device token for the account, when it has one (server/modules/auth/device.ts). */
  device: z.string().max(300).optional(),
});

export const professorPersonalSchema = z.object({
  civility: z.enum(['M', 'MME']).optional(),
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  phone: phoneSchema,
  city: requiredText(),
  department: requiredText(),
  school: requiredText(),
});
export const professorSubjectsSchema = z.object({
  subjectIds: z
    .array(z.uuid({ error: ERR.SUBJECT_REQUIRED }))
    .min(1, ERR.SUBJECT_REQUIRED)
    .max(32, ERR.INVALID_BODY),
});
export const professorPasswordStepSchema = z
  .object({ username: usernameSchema, password: passwordSchema, confirmation: z.string() })
  .refine((v) => v.password === v.confirmation, { message: ERR.PASSWORD_MISMATCH, path: ['confirmation'] });

/** POST /api/auth/signup */
export const professorSignupSchema = professorPersonalSchema.extend({
  ...professorSubjectsSchema.shape,
  username: usernameSchema,
  password: passwordSchema,
  language: z.enum(['fr', 'en', 'co', 'it']).optional(),
});

export const studentIdentifierSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  username: usernameSchema,
});
export const studentPasswordStepSchema = z
  .object({ password: passwordSchema, confirmation: z.string() })
  .refine((v) => v.password === v.confirmation, { message: ERR.PASSWORD_MISMATCH, path: ['confirmation'] });

/** A password change's first field: the current password, checked by the server. */
export const currentPasswordSchema = z.object({ currentPassword: z.string().min(1, ERR.REQUIRED) });

/** POST /api/auth/code-signup */
export const codeSignupSchema = studentIdentifierSchema.extend({
  code: classCodeSchema,
  password: passwordSchema,
  avatarId: z.uuid({ error: ERR.INVALID_BODY }).optional(),
});

export const resetPasswordSchema = z.object({ newPassword: passwordSchema });
export const updateUserSchema = z.object({
  firstName: nameSchema.optional(),
  lastName: nameSchema.optional(),
  userName: usernameSchema.optional(),
  avatarId: z.uuid({ error: ERR.INVALID_BODY }).optional(),
  language: z.enum(['fr', 'en', 'co', 'it']).optional(),
});

export type ProfessorSignup = z.infer<typeof professorSignupSchema>;
export type CodeSignup = z.infer<typeof codeSignupSchema>;
