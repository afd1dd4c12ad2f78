/** I/O for latch references: read `references/latch/*.json`, and build one from a trusted eval tree. */
import { readReferences, referencesRootForSubmission, type ReferenceSet } from '../../../ingest/references';
import { readLatchFolder, readManifestWithFindings } from '../formats/read';
import { buildLatchReference, type LatchBuildOptions } from './build';
import { latchReferenceSchema, type LatchReference } from './schema';

export const readLatchReferences = (root: string): ReferenceSet<LatchReference> => readReferences(root, 'latch', latchReferenceSchema);

/** The references that apply to a submission folder `<results>/latch/<id>/`. */
export const latchReferencesFor = (dir: string): ReferenceSet<LatchReference> => readLatchReferences(referencesRootForSubmission(dir));

/**
 * A reference from a trusted suite tree (its `evals/<task>/<id>.json` and `evals/manifest.json`).
 * Throws when an eval JSON does not read cleanly: a trusted source must.
 */
export async function buildLatchReferenceFromTree(tree: string, opts: LatchBuildOptions): Promise<LatchReference> {
  const folder = await readLatchFolder(tree);
  const errors = folder.findings.filter((f) => f.severity === 'error' && f.path.includes('evals/'));
  if (errors.length) throw new Error(`trusted tree ${tree} does not read cleanly: ${errors.slice(0, 3).map((f) => `${f.path} ${f.pointer}: ${f.message}`).join('; ')}`);
  const manifest = (await readManifestWithFindings(tree)).entries;
  return buildLatchReference([...folder.evals.values()].map(({ spec }) => ({ spec, ...(manifest.has(spec.id) ? { manifest: manifest.get(spec.id)! } : {}) })), opts);
}
