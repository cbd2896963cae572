// What must happen at once when a session or an account loses its rights: the live sockets go.
// The game wires these in attachGame (through the Socket.IO adapter, so every node obeys); without
// live rooms (some tests) they do nothing.
export interface Evictor {
  /** Closes every socket of this user, on every node (password change or reset, rejected account). */
  user(userId: string): Promise<void>;
  /** Closes the sockets opened with this session's tokens (logout). */
  session(sid: string): Promise<void>;
  /** A student removed from a class: out of its live rooms' rosters, their sockets out of those rooms. */
  fromClass(studentId: string, schoolclassId: string): Promise<void>;
  /**
   * A pupil deleted for good: forgotten by the live rooms of their classes (roster, answers, gains,
   * their codex phrases by id), their sockets out of those rooms.
   */
  erase(studentId: string, schoolclassIds: string[], phraseIds: ReadonlySet<string>): Promise<void>;
}

export const noEvictor = (): Evictor => ({
  async user() {},
  async session() {},
  async fromClass() {},
  async erase() {},
});
