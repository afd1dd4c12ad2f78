/**
 * The reader's key lists are written out (record-keys.ts) so its hot path loads no zod; they must
 * stay the keys of the schema that judges every record the fast path rejects.
 */
import { describe, expect, it } from 'vitest';
import { DOC_KEYS, PROFILE_KEYS, RECORD_KEYS } from '../../src/benchmarks/medvision/formats/record-keys';
import { biometricProfileSchema, medvisionDocSchema, medvisionRecordSchema } from '../../src/benchmarks/medvision/formats/record-schema';

describe('MedVision record keys', () => {
  it('doc and biometric_profile keys are the schema’s, in its order', () => {
    expect(DOC_KEYS).toEqual(Object.keys(medvisionDocSchema.shape));
    expect(PROFILE_KEYS).toEqual(Object.keys(biometricProfileSchema.shape));
  });

  it('the record keys are the schema’s, plus resps (located for the answer cut, never parsed whole)', () => {
    expect([...RECORD_KEYS].sort()).toEqual([...Object.keys(medvisionRecordSchema.shape), 'resps'].sort());
  });
});
