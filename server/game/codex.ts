// The codex: the class's approved phrases shown one by one on the board (the author at the teacher's
// choice); one approved during the lesson comes in turn, and the count left follows the moderation.
import { roomId as makeRoomId, type RoomKey } from '../../shared/game/contract.js';
import { check } from './lifecycle.js';
import { approvedPhrases, markPhraseDisplayed } from './loaders.js';
import type { Professor, RoomContext } from './room-context.js';

type Phrase = { id: string; text: string; author: string };

const asPhrase = (p: { id: string; text: string; firstName: string; lastName: string }): Phrase => ({
  id: p.id,
  text: p.text,
  author: `${p.firstName} ${p.lastName.slice(0, 1)}.`,
});

export function createCodex(ctx: RoomContext) {
  const { db, store } = ctx;
  return {
    async codexNext(t: Professor, id: string, showAuthor: boolean) {
      const cur = await ctx.requireRoom(id);
      check(cur, 'codex:next');
      // The approved phrases not shown yet are read at each call: one approved during the lesson
      // comes in turn without leaving the codex (a shown phrase is marked displayed, status 3).
      const queue = (await approvedPhrases(db, t.professorId, cur.schoolclassId, cur.subjectId)).map(
        asPhrase,
      );
      let shown: string | null = null;
      const { after } = await ctx.update(t, id, 'codex:next', (r) => {
        const onScreen = r.activity?.kind === 'codex' ? r.activity.view.phrase?.id : undefined;
        const pending = queue.filter((p) => p.id !== onScreen);
        const [first, ...rest] = pending;
        shown = first?.id ?? null;
        return {
          ...r,
          activity: {
            kind: 'codex',
            pending: rest,
            view: {
              kind: 'codex',
              // The board hides or shows the author itself: its switch applies to the phrase on screen.
              phrase: first ? { id: first.id, text: first.text, author: first.author } : null,
              left: rest.length,
            },
          },
        };
      });
      if (shown) {
        await markPhraseDisplayed(db, shown);
        await ctx.ev(after, 'CODEX_DISPLAYED', { codexId: shown, showAuthor });
      }
      await ctx.showActivity(id, after);
    },

    /**
     * The teacher approved, rejected, restored or trashed a phrase of this class and subject: a board
     * on the codex screen shows at once how many are left (and can go on after "no more phrases").
     */
    async codexChanged(t: Professor, key: RoomKey) {
      const id = makeRoomId(key);
      const cur = await store.readRoom(id);
      if (!cur || cur.professorId !== t.professorId || cur.activity?.kind !== 'codex') return;
      const approved = await approvedPhrases(db, t.professorId, key.schoolclassId, key.subjectId);
      let changed = false;
      const after = await ctx.amendRoom(id, (r) => {
        if (r.activity?.kind !== 'codex' || r.professorId !== t.professorId) return null;
        const onScreen = r.activity.view.phrase?.id;
        const pending = approved.filter((p) => p.id !== onScreen).map(asPhrase);
        const ids = (xs: { id: string }[]) => xs.map((x) => x.id).join();
        if (ids(pending) === ids(r.activity.pending) && pending.length === r.activity.view.left) return null;
        changed = true;
        return {
          ...r,
          activity: { kind: 'codex', pending, view: { ...r.activity.view, left: pending.length } },
        };
      });
      if (changed && after) await ctx.showActivity(id, after);
    },
  };
}
