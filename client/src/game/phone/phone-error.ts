import i18n, { translateError } from '../../i18n';

/** An ack's message in the phone's words (PHONE.ERRORS.*), else the shared GAME.* / ERRORS.* text. */
export function phoneError(message: string | null | undefined): string {
  const own = message ? `PHONE.ERRORS.${message.replace(/\./g, '_')}` : '';
  return own && i18n.exists(own) ? i18n.t(own) : translateError(message ?? undefined);
}
