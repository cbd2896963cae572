import i18n from '../../i18n';

const LITERAL: Record<string, string> = {
  'Invalid ticket.': 'AUTH.INVALID_TICKET',
  'Schoolclass already joined.': 'STUDENT.ACCOUNT_FORM.ALREADY_JOINED',
};

/** The i18n key for a server message (the feedback banner translates keys), or the generic error. */
export function errorKey(message: string | undefined): string {
  if (!message) return 'ERRORS.GENERIC';
  if (LITERAL[message]) return LITERAL[message];
  return i18n.exists(message) ? message : 'ERRORS.GENERIC';
}
