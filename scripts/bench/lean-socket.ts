// A phone for the load processes: the Socket.IO protocol (Engine.IO 4, Socket.IO 5, text packets
// only) spoken over one WebSocket, with nothing else. socket.io-client's Node build is its debug
// build, and a thousand of them in two load processes took more of this machine's two cores per
// burst than the server did: the bench measured its own phones. A real phone has a processor of
// its own; this one costs the cores little, so the figures are the server's.
import WebSocket from 'ws';

type Ack = { ok: boolean; status?: string; message?: string; [k: string]: unknown };
type Listener = (...args: never[]) => void;

export class LeanSocket {
  private ws: WebSocket;
  private nextId = 0;
  private acks = new Map<number, (a: Ack) => void>();
  private listeners = new Map<string, Listener[]>();
  /** Resolves once the namespace accepted the token, rejects with the server's refusal. */
  readonly ready: Promise<void>;

  constructor(url: string, auth: Record<string, unknown>) {
    const wsUrl = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    this.ws = new WebSocket(wsUrl, { perMessageDeflate: false });
    this.ready = new Promise((resolve, reject) => {
      this.ws.on('error', reject);
      this.ws.on('close', () => reject(new Error('closed')));
      this.ws.on('message', (data) => {
        const text = data.toString();
        switch (text[0]) {
          case '0': // Engine.IO open: connect to the default namespace with the token.
            this.ws.send(`40${JSON.stringify(auth)}`);
            return;
          case '2': // ping
            this.ws.send('3');
            return;
          case '4':
            return this.onPacket(text.slice(1), resolve, reject);
        }
      });
    });
  }

  private onPacket(p: string, resolve: () => void, reject: (e: Error) => void) {
    const type = p[0];
    if (type === '0') return resolve();
    if (type === '4') return reject(new Error(JSON.parse(p.slice(1)).message));
    // EVENT (2) or ACK (3): an optional id, then a JSON array.
    const open = p.indexOf('[');
    if (open < 0) return;
    const id = open > 1 ? Number(p.slice(1, open)) : null;
    const args = JSON.parse(p.slice(open)) as unknown[];
    if (type === '3' && id !== null) {
      const done = this.acks.get(id);
      this.acks.delete(id);
      done?.(args[0] as Ack);
    } else if (type === '2') {
      for (const l of this.listeners.get(args[0] as string) ?? [])
        (l as (...a: unknown[]) => void)(...args.slice(1));
    }
  }

  on(event: string, listener: Listener) {
    const ls = this.listeners.get(event) ?? [];
    ls.push(listener);
    this.listeners.set(event, ls);
  }

  /** Emits with an acknowledgement; answers { ok: false, message: 'TIMEOUT' } after `timeoutMs`. */
  emitWithAck(event: string, payload: unknown, timeoutMs = 30_000): Promise<Ack> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.acks.delete(id);
        resolve({ ok: false, message: 'TIMEOUT' });
      }, timeoutMs);
      this.acks.set(id, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
      this.ws.send(`42${id}${JSON.stringify([event, payload])}`);
    });
  }

  disconnect() {
    this.ws.close();
  }
}
