// The phone's choices read without zod give what the contract's schema gives, and nothing it refuses.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commandSchemas } from '../../shared/game/contract.js';
import { choicesPayload } from './answer-payload.js';

const schema = commandSchemas['answer:submit'];
const q = randomUUID();
const a = randomUUID();
const b = randomUUID();
const ok = { questionId: q, answerIds: [a], clientId: 'phone-12345' };

const cases: [string, unknown][] = [
  ['one choice', ok],
  ['two choices', { ...ok, answerIds: [a, b] }],
  ['ten choices', { ...ok, answerIds: Array.from({ length: 10 }, () => randomUUID()) }],
  ['eleven choices', { ...ok, answerIds: Array.from({ length: 11 }, () => randomUUID()) }],
  ['no choice', { ...ok, answerIds: [] }],
  ['a choice that is not a uuid', { ...ok, answerIds: ['nope'] }],
  ['a choice that is a number', { ...ok, answerIds: [1] }],
  ['an upper-case uuid', { ...ok, questionId: q.toUpperCase() }],
  ['the nil uuid', { ...ok, questionId: '00000000-0000-0000-0000-000000000000' }],
  ['a uuid of no version', { ...ok, questionId: 'a0eebc99-9c0b-0ef8-bb6d-6bb9bd380a11' }],
  ['a question id that is not a string', { ...ok, questionId: 7 }],
  ['no question id', { answerIds: [a], clientId: ok.clientId }],
  ['a client id of 7', { ...ok, clientId: '1234567' }],
  ['a client id of 8', { ...ok, clientId: '12345678' }],
  ['a client id of 64', { ...ok, clientId: 'x'.repeat(64) }],
  ['a client id of 65', { ...ok, clientId: 'x'.repeat(65) }],
  ['no client id', { questionId: q, answerIds: [a] }],
  ['an order as well', { ...ok, order: [a, b] }],
  ['a value as well', { ...ok, value: '3' }],
  ['an order', { questionId: q, order: [a, b], clientId: ok.clientId }],
  ['a typed value', { questionId: q, value: '42', clientId: ok.clientId }],
  ['a field more', { ...ok, verdict: 'right' }],
  ['answer ids not an array', { ...ok, answerIds: a }],
  ['an array', [ok]],
  ['null', null],
  ['a string', 'answer'],
  ['nothing', undefined],
];

describe('a phone’s choices, read without zod', () => {
  it.each(cases)('%s: what the schema gives, or left to the schema', (_, payload) => {
    const quick = choicesPayload(payload);
    const parsed = schema.safeParse(payload ?? {});
    if (quick === null) return;
    // Whatever the quick read accepts, the schema accepts, with the same result.
    expect(parsed.success).toBe(true);
    expect(quick).toEqual(parsed.data);
  });

  it('reads the shape phones send (choices) itself', () => {
    expect(choicesPayload(ok)).toEqual(ok);
    expect(choicesPayload({ ...ok, answerIds: [a, b] })).toEqual({ ...ok, answerIds: [a, b] });
  });

  it('keeps its own copy of the choices', () => {
    const sent = { ...ok, answerIds: [a] };
    const read = choicesPayload(sent);
    sent.answerIds.push(b);
    expect(read?.answerIds).toEqual([a]);
  });
});
