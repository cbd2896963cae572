// The answer a phone sends, read without zod when it has the one shape phones send (issue 22): the
// choices ticked, no other field. zod's parse was about 7 % of the server's time per answer in a
// burst of 1,000 (docs/performance.md). Anything else (an order, a typed value, a field more, a
// value zod might refuse) returns null and goes through the contract's schema, so what this accepts
// is exactly what the schema would give: tests hold the two together (answer-payload.test.ts).
import { z } from 'zod';
import {
  ANSWER_CHOICES_MAX,
  CLIENT_ID_MAX,
  CLIENT_ID_MIN,
  type CommandPayload,
} from '../../shared/game/contract.js';

/** The regular expression of zod's `z.uuid()`, the contract's `uuid`. */
const UUID = z.regexes.uuid();

const isUuid = (x: unknown): x is string => typeof x === 'string' && UUID.test(x);

/** `{questionId, answerIds, clientId}` as the schema parses it, or null: ask the schema. */
export function choicesPayload(p: unknown): CommandPayload<'answer:submit'> | null {
  if (typeof p !== 'object' || p === null || Object.getPrototypeOf(p) !== Object.prototype) return null;
  let keys = 0;
  for (const k in p) {
    if (k !== 'questionId' && k !== 'answerIds' && k !== 'clientId') return null;
    keys++;
  }
  if (keys !== 3) return null;
  const { questionId, answerIds, clientId } = p as Record<string, unknown>;
  if (!isUuid(questionId) || typeof clientId !== 'string') return null;
  if (clientId.length < CLIENT_ID_MIN || clientId.length > CLIENT_ID_MAX) return null;
  if (!Array.isArray(answerIds) || answerIds.length < 1 || answerIds.length > ANSWER_CHOICES_MAX) return null;
  for (let i = 0; i < answerIds.length; i++) if (!isUuid(answerIds[i])) return null;
  return { questionId, answerIds: answerIds.slice(), clientId };
}
