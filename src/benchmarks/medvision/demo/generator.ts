/**
 * Synthetic MedVision submissions for the bundled demo site and the benchmark harness:
 * parsed JSONL records in upstream's shape (long free-text `resps`/`input` included), with
 * model-specific error levels and answer failures. Pure: returns lines; the script writes them.
 */
import { extractAnswer } from '../scorer/extract-answer';
import { gaussian, hashSeed, mulberry32 } from '../../../core/prng';

export interface DemoModel {
  name: string;
  org: string;
  weights: 'open' | 'closed';
  params?: string;
  release_date: string;
  /** Typical relative error of a measurement answer. */
  relError: number;
  /** Probability that an answer cannot be parsed. */
  failRate: number;
  /** Box jitter as a fraction of the box size. */
  boxJitter: number;
}

export interface DemoConfig {
  config: string;
  family: 'TL' | 'AD' | 'Detection';
  dataset: string;
  taskId: string;
  sliceDim: 0 | 1 | 2;
  /** (label, metric key) choices for records of this config. */
  labels: { label?: number; metricType?: 'distance' | 'angle'; metricKey?: string }[];
  imageSize: [number, number];
  pixelSize: [number, number];
  /** Typical true size: mm for TL/AD distances, degrees for angles, box fraction for detection. */
  typical: number;
}

const plane = (d: 0 | 1 | 2) => ['Sagittal', 'Coronal', 'Axial'][d]!;

export const DEMO_CONFIGS: DemoConfig[] = [
  { config: 'BraTS24_TumorLesionSize_Task05_Axial', family: 'TL', dataset: 'BraTS24', taskId: '05', sliceDim: 2, labels: [{ label: 1 }], imageSize: [182, 218], pixelSize: [1, 1], typical: 38 },
  { config: 'KiTS23_TumorLesionSize_Task01_Axial', family: 'TL', dataset: 'KiTS23', taskId: '01', sliceDim: 2, labels: [{ label: 2 }], imageSize: [512, 512], pixelSize: [0.78125, 0.78125], typical: 45 },
  { config: 'MSD_TumorLesionSize_Task05_Axial', family: 'TL', dataset: 'MSD', taskId: '05', sliceDim: 2, labels: [{ label: 2 }], imageSize: [512, 512], pixelSize: [0.7421875, 0.7421875], typical: 52 },
  { config: 'HNTSMRG24_TumorLesionSize_Task02_Axial', family: 'TL', dataset: 'HNTSMRG24', taskId: '02', sliceDim: 2, labels: [{ label: 2 }], imageSize: [512, 512], pixelSize: [0.5, 0.5], typical: 21 },
  { config: 'Ceph-Biometrics-400_BiometricsFromLandmarks_Angle_Task01_Sagittal', family: 'AD', dataset: 'Ceph-Biometrics-400', taskId: '01', sliceDim: 0, labels: [{ metricType: 'angle', metricKey: 'A-L_2_5-L_2_6' }, { metricType: 'angle', metricKey: 'A-L_1_2-L_9_10' }, { metricType: 'angle', metricKey: 'A-L_3_4-L_2_7' }], imageSize: [1935, 2400], pixelSize: [0.1, 0.1], typical: 12 },
  { config: 'FeTA24_BiometricsFromLandmarks_Task01_Axial', family: 'AD', dataset: 'FeTA24', taskId: '01', sliceDim: 2, labels: [{ metricType: 'distance', metricKey: 'L-1-2' }, { metricType: 'distance', metricKey: 'L-3-4' }], imageSize: [256, 256], pixelSize: [0.5, 0.5], typical: 55 },
  { config: 'FeTA24_BiometricsFromLandmarks_Task01_Coronal', family: 'AD', dataset: 'FeTA24', taskId: '01', sliceDim: 1, labels: [{ metricType: 'distance', metricKey: 'L-5-6' }, { metricType: 'distance', metricKey: 'L-7-8' }], imageSize: [256, 256], pixelSize: [0.5, 0.5], typical: 40 },
  { config: 'AMOS22_BoxCoordinate_Task01_Axial', family: 'Detection', dataset: 'AMOS22', taskId: '01', sliceDim: 2, labels: [{ label: 1 }, { label: 6 }, { label: 2 }, { label: 10 }], imageSize: [512, 512], pixelSize: [0.78125, 0.78125], typical: 0.12 },
  { config: 'FeTA24_BoxCoordinate_Task01_Axial', family: 'Detection', dataset: 'FeTA24', taskId: '01', sliceDim: 2, labels: [{ label: 1 }, { label: 2 }], imageSize: [256, 256], pixelSize: [0.5, 0.5], typical: 0.2 },
  { config: 'ISLES24_BoxCoordinate_Task01_Axial', family: 'Detection', dataset: 'ISLES24', taskId: '01', sliceDim: 2, labels: [{ label: 1 }], imageSize: [256, 256], pixelSize: [0.9, 0.9], typical: 0.06 },
  { config: 'CrossMoDA_BoxCoordinate_Task01_Axial', family: 'Detection', dataset: 'CrossMoDA', taskId: '01', sliceDim: 2, labels: [{ label: 1 }, { label: 2 }], imageSize: [384, 384], pixelSize: [0.5, 0.5], typical: 0.05 },
];

export const TASK_TAG = { TL: 'MedVision-TL', AD: 'MedVision-AD', Detection: 'MedVision-detect' } as const;

const round = (v: number, d: number) => Number(v.toFixed(d));

const PROMPT_TAIL =
  'Format requirement:\nThe reasoning process and the final answer must be enclosed within <think> </think> and <answer> </answer> tags. ' +
  'The answer must contain only numbers separated by commas, without units or additional text.';

function prompt(cfg: DemoConfig): string {
  const what =
    cfg.family === 'TL' ? 'estimate the major and minor axis lengths of the ellipse enclosing the lesion, in mm'
      : cfg.family === 'AD' ? 'estimate the requested anatomical measurement between the given landmark points'
        : 'return the bounding box of the target structure as relative corner coordinates [x1, y1, x2, y2] with origin at the lower left';
  return `Task:\nGiven the input medical image from ${cfg.dataset} (${plane(cfg.sliceDim).toLowerCase()} slice), ${what}.\n` +
    `Additional information:\nThe pixel size for this image is ${cfg.pixelSize[1]} mm (width) x ${cfg.pixelSize[0]} mm (height). ` +
    `The image is ${cfg.imageSize[1]} x ${cfg.imageSize[0]} pixels.\n${PROMPT_TAIL}`;
}

/** One record per sample, as upstream `parse_outputs` writes them. */
export function* demoRecords(model: DemoModel, cfg: DemoConfig, n: number, textPadding = 0): Generator<string> {
  const rand = mulberry32(hashSeed(`${model.name}|${cfg.config}`));
  // The ground truth is the benchmark's, the same for every model (the reference holds it): its
  // own stream, seeded by the config alone; answers and failures come from the model's stream.
  const truthRand = mulberry32(hashSeed(`truth|${cfg.config}`));
  const input = prompt(cfg) + (textPadding > 0 ? `\nContext: ${'The scan shows typical anatomy. '.repeat(Math.ceil(textPadding / 32)).slice(0, textPadding)}` : '');
  for (let i = 0; i < n; i++) {
    const lab = cfg.labels[i % cfg.labels.length]!;
    let truth: number[];
    let answer: number[];
    if (cfg.family === 'Detection') {
      const w = Math.min(0.9, cfg.typical * (0.5 + truthRand()));
      const h = Math.min(0.9, cfg.typical * (0.5 + truthRand()));
      const x = truthRand() * (1 - w);
      const y = truthRand() * (1 - h);
      truth = [x, y, x + w, y + h];
      const j = model.boxJitter;
      answer = [x + gaussian(rand) * j * w, y + gaussian(rand) * j * h, x + w + gaussian(rand) * j * w, y + h + gaussian(rand) * j * h]
        .map((v) => Math.min(1, Math.max(0, v)));
    } else {
      const k = cfg.family === 'TL' ? 2 : 1;
      const major = cfg.typical * (0.4 + 1.2 * truthRand());
      const minor = 0.35 + 0.6 * truthRand();
      truth = k === 2 ? [major, major * minor] : [major];
      // A few AD ground truths near zero exercise upstream's near-zero filter.
      const nearZero = truthRand();
      const tiny = truthRand();
      if (cfg.family === 'AD' && lab.metricType === 'angle' && nearZero < 0.02) truth = [0.05 * tiny];
      answer = truth.map((t) => Math.max(0, t * (1 + gaussian(rand) * model.relError)));
    }
    const digits = cfg.family === 'Detection' ? 3 : 2;
    const fail = rand() < model.failRate;
    const answerText = fail
      ? ['I cannot determine this from the image.', 'approximately a few centimetres', ''][i % 3]!
      : answer.map((v) => v.toFixed(digits)).join(', ');
    const think = `<think>Looking at the ${plane(cfg.sliceDim).toLowerCase()} slice, the structure of interest spans about ${round(truth[0]! * 20, 1)} pixels; ` +
      `with the stated pixel size this converts to the reported value. ${'I double-check the landmarks and the scale. '.repeat(2 + (i % 3))}</think>`;
    const resp = `${think}\n<answer>${answerText}</answer>`;
    const k = cfg.family === 'Detection' ? 4 : cfg.family === 'TL' ? 2 : 1;
    const target = cfg.family === 'AD'
      ? String(round(truth[0]!, 6))
      : `[${truth.map((t) => String(round(t, cfg.family === 'Detection' ? 6 : 4))).join(', ')}]`;
    const doc: Record<string, unknown> = {
      dataset_name: cfg.dataset,
      taskID: cfg.taskId,
      taskType: cfg.family === 'TL' ? 'Tumor-Lesion-Size' : cfg.family === 'AD' ? 'Biometrics-From-Landmarks' : 'Box-Size',
      image_file: `/data/${cfg.dataset}/Images/case_${String(i).padStart(4, '0')}.nii.gz`,
      slice_dim: cfg.sliceDim,
      slice_idx: 20 + (i % 60),
      image_size_2d: cfg.imageSize,
      pixel_size: cfg.pixelSize,
      image_size_3d: cfg.sliceDim === 0 ? [1, ...cfg.imageSize] : [...cfg.imageSize, 120],
      voxel_size: [cfg.pixelSize[0], cfg.pixelSize[1], cfg.pixelSize[0]],
    };
    if (lab.label !== undefined) doc.label = lab.label;
    if (cfg.family !== 'Detection') {
      doc.biometric_profile = cfg.family === 'AD'
        ? { metric_type: lab.metricType, metric_key: lab.metricKey, metric_value: truth[0], metric_unit: lab.metricType === 'angle' ? 'degree' : 'mm', slice_dim: cfg.sliceDim }
        : { metric_type: ['distance'], metric_key_major_axis: ['L-1-2'], metric_value_major_axis: [truth[0]], metric_key_minor_axis: ['L-3-4'], metric_value_minor_axis: [truth[1]], metric_unit: ['mm'] };
    }
    yield JSON.stringify({
      doc_id: i,
      doc,
      target,
      arguments: { '0': 'until', '1': 'do_sample', '2': 'max_new_tokens' },
      resps: [[resp]],
      filtered_resps: [extractAnswer(resp, k)],
      doc_hash: hashSeed(`${cfg.config}${i}`).toString(16).padStart(8, '0'),
      input,
    });
  }
}

export const DEMO_MODELS: DemoModel[] = [
  { name: 'demo-medvlm-32b', org: 'Example Medical AI Lab', weights: 'open', params: '32B', release_date: '2026-05-12', relError: 0.18, failRate: 0.01, boxJitter: 0.18 },
  { name: 'demo-vlm-7b', org: 'Example Open Models', weights: 'open', params: '7B', release_date: '2025-11-03', relError: 0.34, failRate: 0.04, boxJitter: 0.35 },
  { name: 'demo-vlm-3b', org: 'Example Open Models', weights: 'open', params: '3B', release_date: '2025-08-21', relError: 0.5, failRate: 0.09, boxJitter: 0.6 },
  { name: 'demo-api-pro', org: 'Example API Co', weights: 'closed', release_date: '2026-03-30', relError: 0.22, failRate: 0.02, boxJitter: 0.25 },
  { name: 'demo-api-flash', org: 'Example API Co', weights: 'closed', release_date: '2026-06-15', relError: 0.31, failRate: 0.05, boxJitter: 0.4 },
];
