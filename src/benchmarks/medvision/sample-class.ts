/**
 * MedVision's two sample classes, never ranked together: upstream's task lists cap open-weight
 * runs at 1,000 samples per subtask config and the proprietary pilot runs at 100.
 */
export const PILOT_CAP = 100;
export const FULL_CAP = 1000;

export type SampleClass = 'full' | 'pilot';

/** The class a run belongs to, from its largest subtask config's sample count. */
export const sampleClassOf = (maxSamplesPerConfig: number): SampleClass => (maxSamplesPerConfig <= PILOT_CAP ? 'pilot' : 'full');
