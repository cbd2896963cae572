import type { BossDef } from '../../shared/catalogue/bosses.js';
export function bossSvg(_b: BossDef): string { return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'; }
