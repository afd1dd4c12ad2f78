/** Upstream metric keys, spelled once. Order matters: it is the summarizers' dict order. */
export const TENTHS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0] as const;
export const OVERLAP_THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9] as const;
/** `round(0.50 + 0.05 * k, 2)` for k = 0…9. */
export const COCO_IOU_THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95] as const;
export const OVERLAP_METRICS = ['IoU', 'F1', 'Precision', 'Recall'] as const;

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
