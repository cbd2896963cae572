// Builds the scene's model from the room snapshot. Memoised on what the scene draws, so answers
// arriving do not rebuild it more than needed (and never per frame).
import { useMemo } from 'react';
import type { RoomSnapshot } from '../../../../shared/game/contract';
import { WORLDS, type WorldName } from '../../../../shared/worlds';
import { studentLabel } from './Avatar';
import type { Place } from './navigation';
import type { SceneModel } from './scene/model';

export function buildSceneModel(
  snapshot: RoomSnapshot,
  place: Place,
  powers: ReadonlySet<string>,
  still: boolean,
  calm = false,
): SceneModel {
  const world = WORLDS[snapshot.planet as WorldName] ?? WORLDS.nebula;
  const a = snapshot.activity;
  const raid = a?.kind === 'raid' && place.screen === 'raid' ? a : null;
  const summon = a?.kind === 'summon' && place.screen === 'summon' ? a : null;
  const answered = new Set(raid?.phase === 'question' ? raid.answeredStudentIds : []);
  return {
    screen: place.screen,
    background: world.background,
    color: world.color,
    avatars: snapshot.roster.map((r) => ({
      id: r.studentId,
      label: studentLabel(r),
      level: r.level,
      image: r.avatarImage,
      connected: r.connected,
      powerActive: powers.has(r.studentId),
      highlighted: answered.has(r.studentId),
    })),
    boss: raid ? { image: raid.boss.image, hp: raid.boss.hp, maxHp: raid.boss.maxHp } : null,
    hit:
      raid?.reveal && raid.phase !== 'question'
        ? { id: `${raid.raidId}:${raid.index}`, damage: raid.reveal.damage }
        : null,
    summon: summon?.drawn ? { drawId: `${summon.drawn}:${summon.poolLeft}`, studentId: summon.drawn } : null,
    outcome: raid?.phase === 'ended' ? (raid.result?.outcome ?? null) : null,
    still,
    calm,
  };
}

export function useSceneModel(
  snapshot: RoomSnapshot,
  place: Place,
  powers: ReadonlySet<string>,
  still: boolean,
  calm = false,
): SceneModel {
  return useMemo(
    () => buildSceneModel(snapshot, place, powers, still, calm),
    [snapshot, place, powers, still, calm],
  );
}
