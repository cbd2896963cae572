// The open live rooms of the signed-in student's classes (the home page's "join the game" card).
import { api } from './http';

export interface LiveRoom {
  schoolclassId: string;
  subjectId: string;
  className: string;
  /** Not sent by every server version: the card then reads without the subject. */
  subjectCode?: string;
  /** Its board is gone (a crash, a laptop closed): the room waits for the teacher, not joinable. */
  waiting?: true;
}

export const listLiveRooms = (signal?: AbortSignal) => api.get<LiveRoom[]>('/game/rooms/live', { signal });
