// REST helpers of the live game (docs/protocol.md, "Live rooms").
import { api } from './http';

export interface GameRaidEntry {
  id: string;
  title: string;
  questionCount: number;
}

export interface GameChapterRaids {
  chapterId: string;
  chapterName: string;
  level: number;
  raids: GameRaidEntry[];
}

/** The teacher's own chapters of a subject with their raids, for select-raid. */
export const getGameRaids = (subjectId: string, signal?: AbortSignal) =>
  api.get<GameChapterRaids[]>('/game/raids', { query: { subjectId }, signal });
