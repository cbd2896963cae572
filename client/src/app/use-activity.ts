import { useEffect } from 'react';
import { createSessionLog } from '../api/users';
import { startActivityTracking } from './activity';

/** Tracks the signed-in user's activity while `userId` is set (see activity.ts). */
export function useActivityTracking(userId: string | null | undefined) {
  useEffect(() => {
    if (!userId) return;
    return startActivityTracking({ userId, createLog: createSessionLog });
  }, [userId]);
}
