export function backgroundSvg(_g: string, _b: string, _k: string): string { return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'; }
