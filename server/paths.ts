// The repository's root directory, for the files the server reads next to its code (assets, docs,
// migrations, the client's build). Found from the package.json above, so that it holds both for the
// sources (tsx) and for the compiled server in dist/server (server/lib/paths.ts).
export { ROOT_DIR } from './lib/paths.js';
