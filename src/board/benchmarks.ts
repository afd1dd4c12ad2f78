import { boardRows, boardSpecs, loadMedvision } from './medvision';

export interface BenchmarkCard {
  id: string;
  name: string;
  blurb: string;
  submissions: number;
  models: number;
  leader?: { model: string; board: string };
  lastUpdate?: string;
}

/** Home-page cards. Benchmarks whose scorers have not landed yet are listed without boards. */
export function benchmarkCards(): BenchmarkCard[] {
  const mv = loadMedvision();
  const specs = boardSpecs();
  const first = specs.find((s) => boardRows(s, mv).length > 0);
  const leader = first ? boardRows(first, mv)[0] : undefined;
  const dates = mv.map((e) => e.submission?.submitted_at).filter((d): d is string => !!d).sort();
  return [
    {
      id: 'medvision',
      name: 'MedVision',
      blurb: 'Medical VLMs reading physical quantities off images: detection boxes, tumour/lesion size, angles and distances.',
      submissions: mv.length,
      models: new Set(mv.map((e) => e.submission?.model.name).filter(Boolean)).size,
      leader: leader && first ? { model: leader.model, board: first.title } : undefined,
      lastUpdate: dates.at(-1),
    },
  ];
}
