// The repository's root directory, for the files the server reads next to its code (assets, docs).
import path from 'node:path';

export const ROOT_DIR = path.resolve(import.meta.dirname, '..');
