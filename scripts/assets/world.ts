export function worldIconSvg(_p: string): string { return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'; }
export const worldHeaderSvg = worldIconSvg; export const worldBackgroundSvg = worldIconSvg;
