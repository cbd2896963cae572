// A page and the strings of the areas it shows arrive together: no raw key flashes on screen.
import { type Area, loadTexts } from '../i18n';
import type { PageLoader } from './routes';

export const withTexts =
  (areas: Area[], load: PageLoader): PageLoader =>
  () =>
    Promise.all([load(), loadTexts(areas)]).then(([page]) => page);
