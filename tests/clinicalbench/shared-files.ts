import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { VectorFile } from '../../src/core/conformance/types';

/** `../shared` beside the repository root (not part of the repo; absent in some checkouts). */
export const SHARED_DIR = fileURLToPath(new URL('../../../shared/', import.meta.url));

export function sharedPath(relative: string): string {
  return `${SHARED_DIR}${relative}`;
}

/** Read a JSON file under ../shared, or null (with a printed reason) when it is not there. */
export function readSharedJson<T = unknown>(relative: string): T | null {
  const path = sharedPath(relative);
  if (!existsSync(path)) {
    console.warn(`skipping: ${path} not found (../shared is not checked out here)`);
    return null;
  }
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

export function readVectorFile(relative: string): VectorFile | null {
  return readSharedJson<VectorFile>(relative);
}
