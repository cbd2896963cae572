// What the live game tells the metrics (server/plugins/metrics.ts), through diagnostics channels: the
// game imports no metrics library, and a channel without a subscriber costs one property read.
import { channel } from 'node:diagnostics_channel';

/** An answer acknowledged: `{ ms }` from the command's arrival to its acknowledgement. */
export const answerAcked = channel('classe-raid:answer:acked');
/** A board's "answered" patch left this node: `{ ms: number[] }`, one per answer it carries, since it was counted. */
export const answersSeen = channel('classe-raid:answer:board-seen');

export interface AnswerAckedMessage {
  ms: number;
  ok: boolean;
}
export interface AnswersSeenMessage {
  ms: number[];
}
