/** Upstream metric keys, spelled once. Order matters: it is the summarizers' dict order. */
export const TENTHS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0] as const;
export const OVERLAP_THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9] as const;
/** `round(0.50 + 0.05 * k, 2)` for k = 0…9. */
export const COCO_IOU_THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95] as const;
export const OVERLAP_METRICS = ['IoU', 'F1', 'Precision', 'Recall'] as const;

/** Per-group keys (subtask config, label) of the `calculate_*_metrics` functions. */
export const GROUP_KEY = { mae: 'avgMAE', mre: 'avgMRE', nmae: 'avgNMAE', sr: 'SuccessRate', n: 'num_samples' } as const;
/** Model-summary keys of the TL and AD summarizers (sample-weighted over labels). */
export const SUMMARY_KEY = { total: 'total_samples', mae: 'weighted_avg_mae', mre: 'weighted_avg_mre', nmae: 'weighted_avg_nmae', sr: 'weighted_avg_sr' } as const;
/** Per-sample keys, also the AD group-average row keys. */
export const SAMPLE_KEY = { mae: 'MAE', mre: 'MRE', nmae: 'nMAE', sr: 'SR' } as const;
/** Thresholds of the model summaries' MRE<t columns. */
export const SUMMARY_MRE_THRESHOLDS = [0.1, 0.2, 0.3] as const;
export const summaryMreKey = (t: number) => `weighted_mre<${t.toFixed(1)}`;
/** Detection leaderboard-row names of the Acc@IoU keys. */
export const ROW_ACC_IOU = { at50: 'AccIoU_50', at75: 'AccIoU_75', mean: 'AccIoU_mean' } as const;

export const mreKey = (t: number) => `MRE<${t.toFixed(1)}`;
export const maeKey = (t: number) => `MAE<${t.toFixed(1)}`;
export const overlapKey = (metric: string, t: number) => `${metric}>${t.toFixed(1)}`;
export const accIouKey = (t: number) => `Acc@IoU>=${t.toFixed(2)}`;
export const ACC_IOU_MEAN_KEY = 'Acc@IoU[0.50:0.95]';

/** AD ground truths below this are dropped before aggregation (configs.AD_NEAR_ZERO_GT_THRESHOLD). */
export const AD_NEAR_ZERO_GT_THRESHOLD = 0.1;
/** Detection regions with fewer samples are left out of the model summary (configs.MINIMUM_GROUP_SIZE). */
export const MINIMUM_GROUP_SIZE = 50;
export const EXCLUDED_REGION_KEYS = ['miscellaneous', 'others'] as const;
export const TUMOR_LESION_KEYS = ['tumor', 'lesion', 'metastatic'] as const;
