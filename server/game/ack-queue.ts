// Acknowledgements held behind the board during a burst of answers (socket.ts): those queued in one
// turn of the event loop leave together at its end, once the boards' "who answered" patches of that
// turn have left, or one more turn later at most (with Redis a patch takes round trips).

export function createAckQueue(
  flushBoards: () => Promise<void>,
  nextTurn: (fn: () => void) => void = setImmediate,
) {
  let queued: (() => void)[] = [];
  const drain = () => {
    const acks = queued;
    queued = [];
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      for (const ack of acks) ack();
    };
    flushBoards().then(send, send);
    nextTurn(send);
  };
  return {
    /** Sends `ack` at the end of this turn, after the boards' patches. */
    defer(ack: () => void) {
      if (queued.push(ack) === 1) nextTurn(drain);
    },
  };
}
