// The student registration draft, kept in sessionStorage so a reload keeps it. Never the password:
// only the keys listed here are ever written.
import { useSearchParams } from 'react-router';

export interface StudentDraft {
  code?: string;
  className?: string;
  /** The world of the class: the registration screens show its art and colour. */
  planet?: string;
  avatarId?: string;
  firstName?: string;
  lastName?: string;
  username?: string;
}
const KEY = 'studentRegistration';
const KEYS: (keyof StudentDraft)[] = [
  'code',
  'className',
  'planet',
  'avatarId',
  'firstName',
  'lastName',
  'username',
];

export function readDraft(): StudentDraft {
  try {
    const raw = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
    const draft: StudentDraft = {};
    for (const k of KEYS) if (typeof raw[k] === 'string') draft[k] = raw[k];
    return draft;
  } catch {
    return {};
  }
}

export function saveDraft(patch: StudentDraft, reset = false): StudentDraft {
  const next: StudentDraft = reset ? {} : readDraft();
  for (const k of KEYS) if (patch[k] !== undefined) next[k] = patch[k];
  sessionStorage.setItem(KEY, JSON.stringify(next));
  return next;
}

export function clearDraft() {
  sessionStorage.removeItem(KEY);
}

/**
 * The class code of the current step (query first, then the draft). Another code keeps what the
 * student already typed but forgets the old class name.
 */
export function useRegistrationCode(): string | null {
  const [params] = useSearchParams();
  const fromQuery = params.get('code');
  const draft = readDraft();
  if (fromQuery && fromQuery !== draft.code) {
    const { className: _old, planet: _oldWorld, ...rest } = draft;
    saveDraft({ ...rest, code: fromQuery }, true);
  }
  return fromQuery ?? draft.code ?? null;
}

export const stepUrl = (step: 'code' | 'avatar' | 'identifier' | 'password', code: string | null) =>
  `/register/student/${step}${code ? `?code=${encodeURIComponent(code)}` : ''}`;
