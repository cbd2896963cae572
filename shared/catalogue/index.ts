export * from './avatars.js';
export * from './bosses.js';
