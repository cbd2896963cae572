// Acknowledgements held behind the board during a burst of answers (socket.ts): those queued in one
// turn of the event loop leave together at its end, once their rooms' "who answered" patches of that
// turn have left, or one more turn later at most (with Redis a patch takes round trips). Only the
// rooms whose acknowledgements wait are flushed: the other rooms keep their batching window.

export function createAckQueue(
  flushBoards: (roomIds: Set<string>) => Promise<void>,
  nextTurn: (fn: () => void) => void = setImmediate,
) {
  let queued: (() => void)[] = [];
  let rooms = new Set<string>();
  const drain = () => {
    const acks = queued;
    const flushed = rooms;
    queued = [];
    rooms = new Set();
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      for (const ack of acks) ack();
    };
    flushBoards(flushed).then(send, send);
    nextTurn(send);
  };
  return {
    /** Sends `ack` at the end of this turn, after its room's board patch. */
    defer(roomId: string, ack: () => void) {
      rooms.add(roomId);
      if (queued.push(ack) === 1) nextTurn(drain);
    },
  };
}
