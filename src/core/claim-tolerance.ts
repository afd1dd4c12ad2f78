/** A claimed number agrees with ours when |claimed − recomputed| ≤ CLAIM_TOLERANCE · max(1, |recomputed|). */
export const CLAIM_TOLERANCE = 1e-4;
export const CLAIM_TOLERANCE_TEXT = `|claimed − recomputed| ≤ ${CLAIM_TOLERANCE.toExponential()} · max(1, |recomputed|)`;
