// The open live rooms of the signed-in student's classes (the home page's "join the game" card).
import { api } from './http';

export interface LiveRoom {
  schoolclassId: string;
  subjectId: string;
  className: string;
  subjectCode: string;
}

export const listLiveRooms = () => api.get<LiveRoom[]>('/game/rooms/live');
