/** I/O for MedVision references: read `references/medvision/*.json`, and build one from a trusted tree. */
import { readReferences, referencesRootForSubmission, type ReferenceSet } from '../../../ingest/references';
import { scoreMedvisionTree } from '../formats/score-tree';
import { buildMedvisionReference, type BuildOptions } from './build';
import { medvisionReferenceSchema, type MedvisionReference } from './schema';

export const readMedvisionReferences = (root: string): ReferenceSet<MedvisionReference> => readReferences(root, 'medvision', medvisionReferenceSchema);

/** The references that apply to a submission folder `<results>/medvision/<id>/`. */
export const medvisionReferencesFor = (dir: string): ReferenceSet<MedvisionReference> => readMedvisionReferences(referencesRootForSubmission(dir));

/**
 * A reference from a trusted upstream tree (`Results/…`, a task or model folder): every parsed
 * file's samples, keyed by config. Throws when the tree has error findings (a trusted source
 * must read cleanly).
 */
export function buildMedvisionReferenceFromTree(tree: string, opts: BuildOptions): MedvisionReference {
  const scored = scoreMedvisionTree(tree, { keepSamples: true, trustSubmittedParse: true });
  const errors = scored.findings.filter((f) => f.severity === 'error');
  if (errors.length) throw new Error(`trusted tree ${tree} does not read cleanly: ${errors.slice(0, 3).map((f) => `${f.path} ${f.pointer}: ${f.message}`).join('; ')}`);
  return buildMedvisionReference(
    scored.configs.map((c) => ({ config: c.config, family: c.task_type, taskTag: c.task_tag, samples: scored.samples?.get(c.path) ?? [] })),
    opts,
  );
}
