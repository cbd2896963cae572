// A phone (re)joins at the very moment the teacher reveals: found by the rough-network chaos test,
// where a phone came back from a drop and stayed on the question while the class saw the answer.
// The store is wrapped so that the reveal lands at one exact point of the join; the phone keeps its
// view as the app does (the ack's snapshot, then numbered patches, then any pushed snapshot) and
// must end on the reveal without asking for anything.
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
let teacher: Client;
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
  teacher = await connect(url, prof.accessToken);
  sockets.push(teacher);
  expect((await send(teacher, 'room:open', key)).ok).toBe(true);
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

/** Runs `hook` once, inside the first call of the store's `method` whose first argument passes `when`. */
function once(
  method: 'currentSeq' | 'answers',
  when: (arg: string) => boolean,
  hook: () => Promise<unknown>,
) {
  const original = store[method];
  let fired = false;
  const wrapped = async (id: string, ...rest: unknown[]) => {
    if (!fired && when(id)) {
      fired = true;
      await hook();
    }
    return (original as (...a: unknown[]) => Promise<unknown>).call(store, id, ...rest);
  };
  Object.assign(store, { [method]: wrapped });
  return () => Object.assign(store, { [method]: original });
}

async function openQuestion() {
  expect(await send(teacher, 'raid:start', { raidId, settings })).toEqual({ ok: true });
  expect(await send(teacher, 'raid:begin')).toEqual({ ok: true });
}
async function closeRaid() {
  expect(await send(teacher, 'raid:end')).toEqual({ ok: true });
  expect(await send(teacher, 'activity:close')).toEqual({ ok: true });
}

describe('a phone joining while the teacher reveals', () => {
  it('shows the reveal when it lands between reading the room and numbering the snapshot', async () => {
    await openQuestion();
    // The phone's snapshot is numbered after the reveal's patch: it must also show the reveal.
    const restore = once(
      'currentSeq',
      (id) => id.endsWith('#phones'),
      () => send(teacher, 'raid:reveal'),
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
      () => send(teacher, 'raid:reveal'),
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
