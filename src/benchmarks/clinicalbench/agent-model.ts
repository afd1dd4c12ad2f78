import { idSlug } from '../../core/slug';

/**
 * The registry id the importer gives an upstream clinical-trial-auditor agent ("heuristic",
 * "naive", …): the seed README's reported Heuristic row is recomputed from the admitted
 * submission of `auditorModelId('heuristic')`.
 */
export const auditorModelId = (agent: string): string => idSlug(`clinical-trial-auditor-${agent}`);
