// Every validation rule of SPEC point 5 for accounts: one valid and one invalid case each.
import { describe, expect, it } from 'vitest';
import {
  classCodeSchema,
  codeSignupSchema,
  emailSchema,
  nameSchema,
  passwordSchema,
  phoneSchema,
  professorPasswordStepSchema,
  professorPersonalSchema,
  professorSubjectsSchema,
  studentPasswordStepSchema,
  usernameSchema,
} from './account.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error?.issues[0]?.message;

describe('password', () => {
  it.each([
    ['', 'VALIDATION.REQUIRED'],
    ['Ab1!', 'VALIDATION.PASSWORD_TOO_SHORT'],
    ['abcdefghij', 'VALIDATION.PASSWORD_NEEDS_SYMBOL_OR_DIGIT'],
  ])('refuses %j with %s', (value, message) => {
    expect(firstMessage(passwordSchema.safeParse(value))).toBe(message);
  });
  it('accepts 8 characters with a digit or a symbol', () => {
    expect(passwordSchema.safeParse('abcdefg1').success).toBe(true);
    expect(passwordSchema.safeParse('abcdefg!').success).toBe(true);
  });
  it('needs a matching confirmation', () => {
    expect(
      firstMessage(
        studentPasswordStepSchema.safeParse({ password: 'Trousse-9!', confirmation: 'Trousse-8!' }),
      ),
    ).toBe('VALIDATION.PASSWORD_MISMATCH');
    expect(
      studentPasswordStepSchema.safeParse({ password: 'Trousse-9!', confirmation: 'Trousse-9!' }).success,
    ).toBe(true);
  });
});

describe('username', () => {
  it('accepts 3 to 30 unaccented letters, digits and hyphens', () => {
    expect(usernameSchema.safeParse('abc').success).toBe(true);
    expect(usernameSchema.safeParse('Jean-Luc-42').success).toBe(true);
    expect(usernameSchema.safeParse('a'.repeat(30)).success).toBe(true);
  });
  it.each([
    ['', 'VALIDATION.REQUIRED'],
    ['ab', 'VALIDATION.INVALID_USERNAME'],
    ['élève', 'VALIDATION.INVALID_USERNAME'],
    ['jean luc', 'VALIDATION.INVALID_USERNAME'],
    ['jean_luc', 'VALIDATION.INVALID_USERNAME'],
    ['a'.repeat(31), 'VALIDATION.USERNAME_TOO_LONG'],
  ])('refuses %j with %s', (value, message) => {
    expect(firstMessage(usernameSchema.safeParse(value))).toBe(message);
  });
});

describe('e-mail', () => {
  it('accepts a valid address and lower-cases it', () => {
    expect(emailSchema.parse(' Claire.Fontaine@AC-Lyon.fr ')).toBe('claire.fontaine@ac-lyon.fr');
  });
  it.each([
    ['', 'VALIDATION.REQUIRED'],
    ['claire@', 'VALIDATION.INVALID_EMAIL'],
    ['claire.ac-lyon.fr', 'VALIDATION.INVALID_EMAIL'],
  ])('refuses %j with %s', (value, message) => {
    expect(firstMessage(emailSchema.safeParse(value))).toBe(message);
  });
});

describe('first and last name', () => {
  it('needs at least 2 characters', () => {
    expect(nameSchema.safeParse('Li').success).toBe(true);
    expect(firstMessage(nameSchema.safeParse('L'))).toBe('VALIDATION.NAME_TOO_SHORT');
    expect(firstMessage(nameSchema.safeParse('   '))).toBe('VALIDATION.REQUIRED');
  });
});

describe('phone', () => {
  it.each(['06 12 34 56 78', '01.02.03.04.05', '+33 6 12 34 56 78', '0033612345678', '+262 692 12 34 56'])(
    'accepts %j',
    (p) => {
      expect(phoneSchema.safeParse(p).success).toBe(true);
    },
  );
  it.each([
    ['', 'VALIDATION.REQUIRED'],
    ['12345', 'VALIDATION.PHONE_INVALID'],
    ['06 12 34 56', 'VALIDATION.PHONE_INVALID'],
    ['téléphone', 'VALIDATION.PHONE_INVALID'],
  ])('refuses %j with %s', (value, message) => {
    expect(firstMessage(phoneSchema.safeParse(value))).toBe(message);
  });
});

describe('teacher registration', () => {
  const personal = {
    firstName: 'Claire',
    lastName: 'Fontaine',
    email: 'claire@ac-lyon.fr',
    phone: '0612345678',
    city: 'Lyon',
    department: 'Rhône',
    school: 'Collège Jean Moulin',
  };
  it('needs city, department and school', () => {
    expect(professorPersonalSchema.safeParse(personal).success).toBe(true);
    for (const field of ['city', 'department', 'school'] as const) {
      const r = professorPersonalSchema.safeParse({ ...personal, [field]: ' ' });
      expect(r.success ? null : r.error.issues[0]).toMatchObject({
        message: 'VALIDATION.REQUIRED',
        path: [field],
      });
    }
  });
  it('needs at least one teaching subject', () => {
    expect(
      professorSubjectsSchema.safeParse({ subjectIds: ['8c3f2d6e-0e0e-4a4a-9b9b-123456789abc'] }).success,
    ).toBe(true);
    expect(firstMessage(professorSubjectsSchema.safeParse({ subjectIds: [] }))).toBe(
      'VALIDATION.SUBJECT_REQUIRED',
    );
  });
  it('checks the password step', () => {
    expect(
      professorPasswordStepSchema.safeParse({
        username: 'cfontaine',
        password: 'Craie-Verte-1',
        confirmation: 'Craie-Verte-1',
      }).success,
    ).toBe(true);
    const r = professorPasswordStepSchema.safeParse({
      username: 'cfontaine',
      password: 'Craie-Verte-1',
      confirmation: 'x',
    });
    expect(r.success ? null : r.error.issues[0]).toMatchObject({
      message: 'VALIDATION.PASSWORD_MISMATCH',
      path: ['confirmation'],
    });
  });
});

describe('class code', () => {
  it('refuses an empty code with GENERIC_FORM.ERRORS.REQUIRED_FIELD', () => {
    expect(firstMessage(classCodeSchema.safeParse(''))).toBe('GENERIC_FORM.ERRORS.REQUIRED_FIELD');
  });
  it('accepts six digits and refuses anything else as invalid', () => {
    expect(classCodeSchema.safeParse('042317').success).toBe(true);
    expect(firstMessage(classCodeSchema.safeParse('12345'))).toBe('VALIDATION.INVALID_CODE');
    expect(firstMessage(classCodeSchema.safeParse('12a456'))).toBe('VALIDATION.INVALID_CODE');
  });
});

describe('student sign-up', () => {
  const ok = {
    code: '123456',
    firstName: 'Nina',
    lastName: 'Perrin',
    username: 'nina-p',
    password: 'Trousse-Rouge-9!',
  };
  it('needs first name, last name, username and password', () => {
    expect(codeSignupSchema.safeParse(ok).success).toBe(true);
    for (const field of ['firstName', 'lastName', 'username', 'password'] as const) {
      const r = codeSignupSchema.safeParse({ ...ok, [field]: '' });
      expect(r.success ? null : r.error.issues[0]).toMatchObject({
        message: 'VALIDATION.REQUIRED',
        path: [field],
      });
    }
  });
});
