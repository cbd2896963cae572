// Revocation on the live side: each socket joins a room per user and per session at its handshake,
// so that a logout, a password change or a rejection closes it, on every node (the Socket.IO adapter
// carries disconnectSockets and socketsLeave to the others).
import type { Socket } from 'socket.io';
import type { Evictor } from '../lib/revocation.js';
import type { GameService } from './service.js';

export const userRoom = (userId: string) => `user:${userId}`;
export const sessionRoom = (sid: string) => `session:${sid}`;

/** Called by the handshake once the token is checked. */
export function trackSocket(socket: Socket, claims: { sub: string; sid: string }) {
  socket.join([userRoom(claims.sub), sessionRoom(claims.sid)]);
}

/** The part of the Socket.IO server the evictor uses (any of its event maps). */
interface Rooms {
  in(room: string | string[]): {
    disconnectSockets(close?: boolean): void;
    socketsLeave(room: string | string[]): void;
  };
}

export function liveEvictor(io: Rooms, service: GameService): Evictor {
  return {
    async user(userId) {
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    async session(sid) {
      io.in(sessionRoom(sid)).disconnectSockets(true);
    },
    async fromClass(studentId, schoolclassId) {
      const rooms = await service.dropStudent(schoolclassId, studentId);
      io.in(`student:${studentId}`).socketsLeave([
        `class:${schoolclassId}`,
        ...rooms.flatMap((id) => [`room:${id}:phones`, `room:${id}:board`]),
      ]);
    },
    async erase(studentId, schoolclassIds, phraseIds) {
      const rooms = await service.eraseStudent(schoolclassIds, studentId, phraseIds);
      io.in(`student:${studentId}`).socketsLeave([
        ...schoolclassIds.map((id) => `class:${id}`),
        ...rooms.flatMap((id) => [`room:${id}:phones`, `room:${id}:board`]),
      ]);
    },
  };
}
