/** I/O for ClinicalBench references: `references/clinicalbench/*.json`. */
import { readReferences, referencesRootForSubmission, type ReferenceSet } from '../../../ingest/references';
import { clinicalbenchReferenceSchema, type ClinicalbenchReference } from './schema';

export const readClinicalbenchReferences = (root: string): ReferenceSet<ClinicalbenchReference> => readReferences(root, 'clinicalbench', clinicalbenchReferenceSchema);

export const clinicalbenchReferencesFor = (dir: string): ReferenceSet<ClinicalbenchReference> => readClinicalbenchReferences(referencesRootForSubmission(dir));
