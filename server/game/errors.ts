// A refusal the user is told: its message is an i18n key (GAME.*, ERRORS.*), sent in the command's ack.

export class GameError extends Error {}

/** Refuses the command with this key. */
export const fail = (key: string): never => {
  throw new GameError(key);
};
