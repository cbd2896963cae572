import { describe, expect, it } from 'vitest';
import { signinSchema } from '../../../../shared/schemas/account';
import { validate } from '../../lib/form';
import { checkSignin } from './signin-check';

// The sign-in form checks without zod; a student must see the same message as the schema gives.
describe('sign-in form checks', () => {
  const cases = [
    { login: '', password: '' },
    { login: '   ', password: 'x' },
    { login: ' eleve01 ', password: 'Cartable-Bleu-7!' },
    { login: 'a'.repeat(254), password: 'p' },
    { login: 'a'.repeat(255), password: 'p' },
    { login: 'eleve01', password: 'p'.repeat(128) },
    { login: 'eleve01', password: 'p'.repeat(129) },
    { login: '', password: 'p'.repeat(129) },
    { login: 'é'.repeat(254), password: ' ' },
  ];
  it.each(cases)('gives the schema’s answer for %j', (values) => {
    expect(checkSignin(values)).toEqual(validate(signinSchema, values));
  });
});
