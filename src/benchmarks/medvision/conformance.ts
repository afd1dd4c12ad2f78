import type { SuiteRunner, VectorCase } from '../../core/conformance/types';
import { checkWith } from '../../core/conformance/compare';
import { extractAnswer } from './scorer/extract-answer';
import { detectionMetrics, measurementMetrics, type SliceGeometry } from './scorer/sample';
import { aggregateGroup, type GroupSample } from './scorer/aggregate';
import { summarizeModel } from './scorer/summary';
import type { TaskType } from './scorer/sample';

interface SampleInput {
  task_type?: TaskType;
  filtered_resp: string;
  target: string;
  image_size_2d: [number, number];
  pixel_size: [number, number];
  metric_type?: string;
}

const geometry = (s: SampleInput): SliceGeometry => ({ imageSize2d: s.image_size_2d, pixelSize: s.pixel_size });

function sampleMetrics(s: SampleInput & { task_type: TaskType }) {
  if (s.task_type === 'Detection') {
    const { precisionKind: _kind, ...m } = detectionMetrics(s.filtered_resp, s.target);
    return m;
  }
  return measurementMetrics({ taskType: s.task_type, answer: s.filtered_resp, target: s.target, geometry: geometry(s), metricType: s.metric_type });
}

const toGroupSample = (s: SampleInput): GroupSample => ({
  filteredResp: s.filtered_resp,
  target: s.target,
  geometry: geometry(s),
  metricType: s.metric_type,
});

/** `null` inputs in model-summary groups mean NaN. */
function decodeGroups(groups: Record<string, Record<string, number | null>>) {
  const out: Record<string, Record<string, number>> = {};
  for (const [name, m] of Object.entries(groups)) {
    out[name] = Object.fromEntries(Object.entries(m).map(([k, v]) => [k, v === null ? NaN : v]));
  }
  return out;
}

export const suites: SuiteRunner[] = [
  {
    benchmark: 'medvision',
    suite: 'extract-answer',
    check: (c: VectorCase) => {
      const input = c.input as { text: string; k: number };
      return checkWith(c.expected, () => ({ answer: extractAnswer(input.text, input.k) }));
    },
  },
  {
    benchmark: 'medvision',
    suite: 'sample-metrics',
    check: (c: VectorCase) => checkWith(c.expected, () => sampleMetrics(c.input as SampleInput & { task_type: TaskType })),
  },
  {
    benchmark: 'medvision',
    suite: 'group-aggregate',
    check: (c: VectorCase) => {
      const input = c.input as { task_type: TaskType; samples: SampleInput[] };
      return checkWith(c.expected, () => aggregateGroup(input.task_type, input.samples.map(toGroupSample)), { keyOrder: true });
    },
  },
  {
    benchmark: 'medvision',
    suite: 'model-summary',
    check: (c: VectorCase) => {
      const input = c.input as { task_type: TaskType; groups: Record<string, Record<string, number | null>> };
      return checkWith(c.expected, () => summarizeModel(input.task_type, decodeGroups(input.groups)), { keyOrder: true });
    },
  },
];
