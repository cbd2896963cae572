// A load process for `--flood`: one student's several sockets sending room:sync as fast as the
// server takes them, opening a new socket whenever one is closed, as an attacker's script would.
// It reports how many events were served, refused (GAME.RATE_LIMITED) and how many sockets the
// server closed or refused at the handshake.
import { io, type Socket } from 'socket.io-client';
import { connected } from './common.js';

interface Job {
  type: 'job';
  url: string;
  token: string;
  key: { schoolclassId: string; subjectId: string };
  sockets: number;
}

/** Syncs a socket keeps in flight: enough to saturate it without filling this process's memory. */
const IN_FLIGHT = 200;
const stats = { sent: 0, served: 0, refused: 0, otherErrors: 0, closedByServer: 0, handshakesRefused: 0 };
let stopping = false;
const open = new Set<Socket>();

async function slot(job: Job): Promise<void> {
  while (!stopping) {
    const s = io(job.url, {
      auth: { token: job.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      await connected(s);
    } catch {
      stats.handshakesRefused++;
      s.close();
      // Refused at the handshake: try again soon, as a script in a loop would.
      await new Promise((r) => setTimeout(r, 100));
      continue;
    }
    if (stopping) {
      s.close();
      break;
    }
    open.add(s);
    await new Promise<void>((done) => {
      let inFlight = 0;
      s.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') stats.closedByServer++;
        open.delete(s);
        done();
      });
      const pump = () => {
        while (!stopping && s.connected && inFlight < IN_FLIGHT) {
          inFlight++;
          stats.sent++;
          s.emit('room:sync', {}, (ack: { ok: boolean; message?: string }) => {
            inFlight--;
            if (ack.ok) stats.served++;
            else if (ack.message === 'GAME.RATE_LIMITED') stats.refused++;
            else stats.otherErrors++;
            if (inFlight === IN_FLIGHT / 2) setImmediate(pump);
          });
        }
      };
      s.emit('room:join', job.key, () => pump());
    });
  }
}

let running: Promise<unknown> | null = null;
process.on('message', async (m: Job | { type: 'stop' }) => {
  if (m.type === 'job') {
    running = Promise.all(Array.from({ length: m.sockets }, () => slot(m)));
    process.send?.({ type: 'ready' });
    return;
  }
  stopping = true;
  for (const s of open) s.disconnect();
  await running;
  process.send?.({ type: 'stats', ...stats }, () => process.exit(0));
});
