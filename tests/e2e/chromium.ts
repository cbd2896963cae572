// Debian's Chromium and the flags this machine needs (its network is closed: no background
// connections). Shared by the browser tests and the fps bench; no vitest here, so a script can use it.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
