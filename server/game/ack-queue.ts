// Acknowledgements held behind the board during a burst of answers (socket.ts). They wait while the
// burst is being read: as long as a turn of the event loop counted more of the held answers, they
// wait one more turn (ACK_HOLD_MAX_MS at most). Once a turn counts none, its rooms' "who answered"
// patches leave, then the acknowledgements together, once the patches have left (with Redis, a
// patch number and the adapter's stream: ACK_PATCH_WAIT_MS at most). A thousand acknowledgements
// are a thousand socket writes, a fifth of the server's work in a burst, and each wakes a phone's
// process on the same cores: written after the burst is read, they no longer delay the board
// hearing of its last answers (docs/performance.md, issue 22).
// Only the rooms whose acknowledgements wait are flushed: the other rooms keep their batching window.

/** The longest an acknowledgement waits for the burst to be read, from the first one held. */
export const ACK_HOLD_MAX_MS = 100;
/**
 * The longest the acknowledgements wait for their rooms' patches to leave. Writing them takes the
 * event loop for 15 ms or so (a thousand socket writes): sent before a patch's Redis round trips
 * came back, they held the board's patch of the burst's last answers that long (it was one turn).
 */
export const ACK_PATCH_WAIT_MS = 25;
/**
 * Acknowledgements written per turn of the event loop: between two chunks, the answers still on
 * their way (Redis replies, frames not yet read) are counted and their board's patch leaves, instead
 * of waiting behind a thousand socket writes.
 */
export const ACK_CHUNK = 100;

export function createAckQueue(
  flushBoards: (roomIds: Set<string>) => Promise<void>,
  nextTurn: (fn: () => void) => void = setImmediate,
  now: () => number = () => performance.now(),
  later: (fn: () => void, ms: number) => void = (fn, ms) => setTimeout(fn, ms).unref(),
) {
  let queued: (() => void)[] = [];
  let rooms = new Set<string>();
  /** When the oldest held acknowledgement was queued. */
  let since = 0;
  /** An answer was held since the last look: the burst is still being read. */
  let more = false;
  const drain = () => {
    if (more && now() - since < ACK_HOLD_MAX_MS) {
      more = false;
      nextTurn(drain);
      return;
    }
    more = false;
    const acks = queued;
    const flushed = rooms;
    queued = [];
    rooms = new Set();
    let sent = false;
    const sendFrom = (i: number) => {
      for (const ack of acks.slice(i, i + ACK_CHUNK)) ack();
      if (i + ACK_CHUNK < acks.length) nextTurn(() => sendFrom(i + ACK_CHUNK));
    };
    const send = () => {
      if (sent) return;
      sent = true;
      sendFrom(0);
    };
    flushBoards(flushed).then(send, send);
    later(send, ACK_PATCH_WAIT_MS);
  };
  return {
    /** Sends `ack` once the burst is read (a turn counted no more answers), after its room's board patch. */
    defer(roomId: string, ack: () => void) {
      rooms.add(roomId);
      more = true;
      if (queued.push(ack) === 1) {
        since = now();
        nextTurn(drain);
      }
    },
  };
}
