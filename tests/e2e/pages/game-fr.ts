// The live game's French texts (projector and phone), straight from the locale files.
import game from '../../../client/src/i18n/locales/fr/game.json';
import phone from '../../../client/src/i18n/locales/fr/phone.json';

export const gameFr = { ...game, ...phone };
