// Small French niceties of the phone's sentences (issue 21): "d'Emma" rather than "de Emma", and one
// period when a name already ends with one ("Emma M.").

/** A name that starts with a vowel sound takes the elided article in French ("d'Emma", "d'Ünal"). */
export const startsWithVowel = (name: string) => /^[aeiouyàâäéèêëîïôöùûüÿæœ]/i.test(name.trim());

/** A sentence that ends with the abbreviation of a name keeps a single period ("Emma M."). */
export const oneFinalPeriod = (text: string) => text.replace(/\.\.$/, '.');

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * "C'est au tour d'Emma M." on a classmate's phone: French elides "de" before a vowel (the `vowel`
 * context, which other languages leave to the plain sentence).
 */
export const classmateTurn = (t: T, name: string) =>
  oneFinalPeriod(t('PHONE.SUMMON_OTHER', { name, context: startsWithVowel(name) ? 'vowel' : undefined }));
