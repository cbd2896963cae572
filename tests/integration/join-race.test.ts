// Races of a rough network at the reveal. A phone (re)joins at the very moment the teacher reveals:
// found by the rough-network chaos test, where a phone came back from a drop and stayed on the
// question while the class saw the answer. And an answer (a re-send after a drop) lands while the
// reveal is being computed. The store is wrapped so that the race lands at one exact point; the
// phone keeps its view as the app does (the ack's snapshot, then numbered patches, then any pushed
// snapshot) and must end on the reveal without asking for anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomStore } from '../../server/game/store.js';
import {
  applyPatch,
  type RaidSettings,
  type RoomKey,
  type RoomPatch,
  type RoomSnapshot,
} from '../../shared/game/contract.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { type Client, connect, connectAs, listen, send } from './helpers/game.js';

let ctx: TestContext;
let url: string;
let professor: Client;
let store: RoomStore;
let key: RoomKey;
let raidId: string;
const sockets: Client[] = [];

const settings: RaidSettings = {
  questionSeconds: null,
  endWhenAllAnswered: false,
  askEveryQuestion: true,
  scoring: 'accuracy',
};

beforeAll(async () => {
  ctx = await createTestContext();
  url = await listen(ctx.app);
  store = ctx.app.game?.store as RoomStore;
  const prof = await signin(ctx.app, DEMO.admin);
  const me = (
    await ctx.app.inject({ method: 'GET', url: `/api/users/${prof.id}`, headers: bearer(prof.accessToken) })
  ).json();
  key = {
    schoolclassId: me.professor.schoolclasses[0].id,
    subjectId: me.professor.schoolclasses[0].subjectId,
  };
  const chapters = (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/game/raids?subjectId=${key.subjectId}`,
      headers: bearer(prof.accessToken),
    })
  ).json();
  raidId = chapters[0].raids[0].id;
  professor = await connect(url, prof.accessToken);
  sockets.push(professor);
  expect((await send(professor, 'room:open', key)).ok).toBe(true);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await ctx.close();
});

/** A phone's screen as the app keeps it: the join's snapshot, patches in order, pushed snapshots. */
async function joinWatching(login: string) {
  const { socket } = await connectAs(ctx.app, url, { login, password: DEMO.student.password });
  sockets.push(socket);
  const view: { snap: RoomSnapshot | null; gap: boolean } = { snap: null, gap: false };
  socket.on('room:patch', (p: { seq: number; patch: RoomPatch }) => {
    if (!view.snap) return;
    const next = applyPatch(view.snap, p);
    if (next === null) view.gap = true;
    else view.snap = next;
  });
  socket.on('room:snapshot', (s: RoomSnapshot) => {
    view.snap = s;
  });
  const ack = await send<{ snapshot: RoomSnapshot }>(socket, 'room:join', key);
  if (!ack.ok) throw new Error(ack.message);
  view.snap = ack.snapshot;
  return view;
}

const phaseOf = (s: RoomSnapshot | null) => (s?.activity?.kind === 'raid' ? s.activity.phase : null);

/** Waits for the phone's screen to show the reveal; a gap would make the app sync, which is fine too. */
async function seesReveal(view: { snap: RoomSnapshot | null; gap: boolean }) {
  const deadline = Date.now() + 3000;
  while (phaseOf(view.snap) !== 'revealed' && !view.gap && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
  }
  return view.gap ? 'gap: the app syncs' : phaseOf(view.snap);
}

/**
 * Runs `hook` once, inside the first call of the store's `method` whose first argument passes
 * `when`: before the call, or after it (`after`: the caller gets what was read before the hook).
 */
function once(
  method: 'currentSeq' | 'answers',
  when: (arg: string) => boolean,
  hook: () => Promise<unknown>,
  after = false,
) {
  const original = store[method];
  let fired = false;
  const wrapped = async (id: string, ...rest: unknown[]) => {
    const call = () => (original as (...a: unknown[]) => Promise<unknown>).call(store, id, ...rest);
    if (fired || !when(id)) return call();
    fired = true;
    if (!after) await hook();
    const read = await call();
    if (after) await hook();
    return read;
  };
  Object.assign(store, { [method]: wrapped });
  return () => Object.assign(store, { [method]: original });
}

async function openQuestion() {
  expect(await send(professor, 'raid:start', { raidId, settings })).toEqual({ ok: true });
  expect(await send(professor, 'raid:begin')).toEqual({ ok: true });
}
async function closeRaid() {
  expect(await send(professor, 'raid:end')).toEqual({ ok: true });
  expect(await send(professor, 'activity:close')).toEqual({ ok: true });
}

describe('a phone joining while the teacher reveals', () => {
  it('shows the reveal when it lands between reading the room and numbering the snapshot', async () => {
    await openQuestion();
    // The phone's snapshot is numbered after the reveal's patch: it must also show the reveal.
    const restore = once(
      'currentSeq',
      (id) => id.endsWith('#phones'),
      () => send(professor, 'raid:reveal'),
    );
    try {
      const view = await joinWatching('eleve02');
      expect(await seesReveal(view)).toBe('revealed');
    } finally {
      restore();
      await closeRaid();
    }
  });

  it('shows the reveal when it lands after the snapshot, before the ack', async () => {
    await openQuestion();
    // The reveal's patch is sent while the join computes the phone's own state, after its snapshot.
    const restore = once(
      'answers',
      () => true,
      () => send(professor, 'raid:reveal'),
    );
    try {
      const view = await joinWatching('eleve03');
      expect(await seesReveal(view)).toBe('revealed');
    } finally {
      restore();
      await closeRaid();
    }
  });
});

describe('an answer landing while the teacher reveals', () => {
  it('is counted in the reveal when its ack said counted', async () => {
    await openQuestion();
    const { socket } = await connectAs(ctx.app, url, { login: 'eleve04', password: DEMO.student.password });
    sockets.push(socket);
    const joined = await send<{ snapshot: RoomSnapshot }>(socket, 'room:join', key);
    if (!joined.ok) throw new Error(joined.message);
    const q = joined.snapshot.activity?.kind === 'raid' ? joined.snapshot.activity.question : null;
    if (!q) throw new Error('no question');
    // The reveal has read the answers (none yet); the phone's answer arrives before it is saved.
    let status: unknown = null;
    const restore = once(
      'answers',
      () => true,
      async () => {
        const ack = await send<{ status: string }>(socket, 'answer:submit', {
          questionId: q.id,
          answerIds: [q.answers[0].id],
          clientId: 'race-at-the-reveal',
        });
        status = ack.ok ? ack.status : ack.message;
      },
      true,
    );
    try {
      expect(await send(professor, 'raid:reveal')).toEqual({ ok: true });
      const board = await send<{ snapshot: RoomSnapshot }>(professor, 'room:sync');
      if (!board.ok) throw new Error(board.message);
      const reveal = board.snapshot.activity?.kind === 'raid' ? board.snapshot.activity.reveal : null;
      // Told "counted", the answer is in the counts; told "closed", it is not.
      const total = Object.values(reveal?.counts ?? {}).reduce((a, b) => a + b, 0);
      expect({ status, total }).toEqual(status === 'counted' ? { status, total: 1 } : { status, total: 0 });
      expect(status).toBe('counted');
    } finally {
      restore();
      await closeRaid();
    }
  });
});
