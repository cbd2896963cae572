// Real socket.io clients against the test app, listening on a free port.
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type {
  Ack,
  ClientToServerEvents,
  RoomPatch,
  RoomSnapshot,
  ServerToClientEvents,
} from '../../../shared/game/contract.js';
import { bearer, signin } from './app.js';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents> & {
  patches: { seq: number; patch: RoomPatch }[];
};

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  return `http://127.0.0.1:${addr.port}`;
}

export async function connect(
  url: string,
  token: string,
  transports: ('websocket' | 'polling')[] = ['websocket'],
) {
  const socket = io(url, { auth: { token }, transports, reconnection: false, forceNew: true }) as Client;
  socket.patches = [];
  socket.on('room:patch', (p) => socket.patches.push(p));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (e) => reject(e));
  });
  return socket;
}

export async function connectAs(app: FastifyInstance, url: string, who: { login: string; password: string }) {
  const user = await signin(app, who);
  return { user, socket: await connect(url, user.accessToken) };
}

/** Emits a command and resolves with its acknowledgement. */
export function send<R = Record<string, unknown>>(
  socket: Client,
  event: string,
  payload?: unknown,
): Promise<Ack<R>> {
  return new Promise((resolve) => {
    // biome-ignore lint/suspicious/noExplicitAny: tests also send events and payloads the contract forbids
    (socket as any)
      .timeout(5000)
      .emit(event, payload, (err: Error | null, ack: Ack<R>) =>
        resolve(err ? { ok: false, message: 'TIMEOUT' } : ack),
      );
  });
}

/** Waits until the socket has received a patch matching `pred`. */
export async function patchMatching(socket: Client, pred: (p: RoomPatch) => boolean, timeoutMs = 3000) {
  const start = Date.now();
  for (;;) {
    const found = socket.patches.find((p) => pred(p.patch));
    if (found) return found;
    if (Date.now() - start > timeoutMs) throw new Error('no matching patch');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export type Snapshot = RoomSnapshot;

/**
 * The demo teacher's first class (its room key) and its raid "Les fractions", as the game's own
 * routes list them: what the live-game tests play.
 */
export async function demoLesson(app: FastifyInstance, prof: { id: string; accessToken: string }) {
  const me = (
    await app.inject({ method: 'GET', url: `/api/users/${prof.id}`, headers: bearer(prof.accessToken) })
  ).json();
  const cls = me.professor.schoolclasses[0];
  const key = { schoolclassId: cls.id as string, subjectId: cls.subjectId as string };
  const raids = (
    await app.inject({
      method: 'GET',
      url: `/api/game/raids?subjectId=${key.subjectId}`,
      headers: bearer(prof.accessToken),
    })
  ).json() as { raids: { id: string; title: string }[] }[];
  const raid = raids.flatMap((c) => c.raids).find((r) => r.title === 'Les fractions');
  if (!raid) throw new Error('the demo raid "Les fractions" is missing');
  return { key, raidId: raid.id };
}

/**
 * A raid of the teacher's own, in a new chapter of the subject: "Quelles écritures valent 5 ?" has two
 * right answers (√25 and 5), the second question one. Answers keep these texts to be found again.
 */
export async function multiAnswerRaid(
  app: FastifyInstance,
  token: string,
  subjectId: string,
  title: string,
): Promise<string> {
  const call = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
  const chapter = await call('/chapters', { name: `${title} (chapitre)`, level: 5, subjectId });
  if (chapter.statusCode !== 201) throw new Error(chapter.body);
  const raid = await call(`/chapters/${chapter.json().id}/raids`, {
    title,
    shared: false,
    questions: [
      {
        text: 'Quelles écritures valent 5 ?',
        answers: [
          { text: '√25', isCorrect: true },
          { text: '5', isCorrect: true },
          { text: '25', isCorrect: false },
          { text: '10 ÷ 5', isCorrect: false },
        ],
      },
      {
        text: 'Combien font 2 + 2 ?',
        answers: [
          { text: '4', isCorrect: true },
          { text: '5', isCorrect: false },
        ],
      },
    ],
  });
  if (raid.statusCode !== 201) throw new Error(raid.body);
  return raid.json().id as string;
}

/** One question of each kind (issue 23), as a teacher types them in the raid form. */
export const KIND_QUESTIONS = [
  {
    kind: 'choice',
    text: 'Combien font 2 + 3 ?',
    answers: [
      { text: '5', isCorrect: true },
      { text: '6', isCorrect: false },
    ],
    explanation: 'On compte : 2, puis 3, 4, 5.',
  },
  {
    kind: 'number',
    text: 'Donne $$\\pi$$ au centième.',
    equationMode: true,
    number: { value: 3.14, tolerance: 0.01, toleranceMode: 'absolute', unit: null },
    explanation: 'π ≈ 3,14159…',
  },
  {
    kind: 'text',
    text: 'Capitale de la Corse ?',
    textAnswer: { accepted: ['Ajaccio'], ignoreCase: true, ignoreAccents: true, allowTypo: true },
    explanation: 'Ajaccio est la préfecture de Corse-du-Sud.',
  },
  {
    kind: 'order',
    text: 'Range ces dates dans l’ordre.',
    answers: [
      { text: '1492', isCorrect: false },
      { text: '1515', isCorrect: false },
      { text: '1789', isCorrect: false },
      { text: '1815', isCorrect: false },
    ],
  },
  {
    kind: 'poll',
    text: 'Quel sujet revoir ?',
    poll: { pollMode: 'text' },
  },
] as const;

/** A raid of one question of each kind in a new chapter of the teacher; answers its id. */
export async function kindsRaid(
  app: FastifyInstance,
  token: string,
  subjectId: string,
  title: string,
  extra: { shared?: boolean } = {},
): Promise<string> {
  const call = (url: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
  const chapter = await call('/chapters', { name: `${title} (chapitre)`, level: 5, subjectId });
  if (chapter.statusCode !== 201) throw new Error(chapter.body);
  const raid = await call(`/chapters/${chapter.json().id}/raids`, {
    title,
    shared: extra.shared ?? false,
    questions: KIND_QUESTIONS,
  });
  if (raid.statusCode !== 201) throw new Error(raid.body);
  return raid.json().id as string;
}
