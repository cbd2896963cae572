// How a pupil answers a question of each kind (issue 23), without the inputs themselves: the phone's
// page decides with it which inputs to load (KindInputs.tsx: a number, a word, an order), so a
// choice question never loads them.

export type InputKind = 'choices' | 'order' | 'number' | 'text';

/** How the pupil answers a question: ticks (a choice, a choice poll), an order, a number or a word. */
export function inputOf(q: { kind?: string; pollMode?: string }): InputKind {
  const kind = q.kind ?? 'choice';
  if (kind === 'poll') return q.pollMode === 'number' ? 'number' : q.pollMode === 'text' ? 'text' : 'choices';
  if (kind === 'order' || kind === 'number' || kind === 'text') return kind;
  return 'choices';
}

/** What the read-aloud says after the question: how to answer it. */
export function readHintOf(
  q: { kind?: string; pollMode?: string; unit?: string | null },
  t: (k: string, o?: Record<string, unknown>) => string,
): string | undefined {
  const input = inputOf(q);
  if (input === 'order') return t('PHONE.ORDER_HINT_FIRST');
  if (input === 'number')
    return q.kind === 'number' && q.unit
      ? t('PHONE.TYPE_NUMBER_UNIT', { unit: q.unit })
      : t('PHONE.TYPE_NUMBER');
  if (input === 'text') return t('PHONE.TYPE_TEXT');
  return undefined;
}
