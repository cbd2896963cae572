// Sends a teacher command and shows a refused one in the feedback banner, translated.
import { useCallback } from 'react';
import type { Ack, CommandPayload, ProfessorCommand } from '../../../../shared/game/contract';
import { useFeedback } from '../../app/feedback';
import i18n from '../../i18n';

export interface CommandSender {
  send<C extends ProfessorCommand>(name: C, payload: CommandPayload<C>): Promise<Ack>;
  /** The whole room again (the room client has it; test doubles may not). */
  sync?(): Promise<void>;
}

export function errorKey(message: string): string {
  return i18n.exists(message) ? message : 'ERRORS.GENERIC';
}

export function useRun(client: CommandSender | null) {
  const feedback = useFeedback();
  return useCallback(
    async <C extends ProfessorCommand>(name: C, payload: CommandPayload<C>): Promise<boolean> => {
      if (!client) return false;
      const ack = await client.send(name, payload);
      if (!ack.ok) feedback({ status: 'error', message: errorKey(ack.message) });
      return ack.ok;
    },
    [client, feedback],
  );
}
