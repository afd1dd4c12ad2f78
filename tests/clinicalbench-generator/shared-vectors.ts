import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VectorFile } from '../../src/core/conformance/types';

/** `../shared/conformance/clinicalbench/` next to the repo root, found from this file. */
export const VECTOR_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/conformance/clinicalbench');

export const hasSharedVectors = existsSync(VECTOR_DIR);

if (!hasSharedVectors) {
  console.warn(`clinicalbench-generator: skipping vector tests, ${VECTOR_DIR} is absent (../shared not checked out)`);
}

/** Parsed vector file, or an empty case list when ../shared is absent (the suites are skipped then). */
export function loadVectors(file: string): VectorFile {
  if (!hasSharedVectors) return { suite: 'absent', cases: [] };
  return JSON.parse(readFileSync(resolve(VECTOR_DIR, file), 'utf8')) as VectorFile;
}
