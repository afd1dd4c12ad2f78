/**
 * The client compare page (`/compare/?a=<entry>&b=<entry>`): fetches the two entries'
 * `/compare-data/<benchmark>/<entry>.json` for every benchmark both were scored on and runs the
 * very functions the build runs (`compareData`, `compareTablesHtml` of src/core/compare.ts, with
 * the same seeds, named by the shared units), so its table is the pre-rendered page's table.
 */
import { canonicalPair, compareData, compareTablesHtml, parseCompareData, type CompareData } from '../../core/compare';
import { compareExploreLinks } from '../../board/explorer-paths';

export interface CompareIndex {
  base: string;
  benchmarks: { id: string; name: string }[];
  entries: { key: string; name: string; modelSlug: string; benchmarks: string[] }[];
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

function option(value: string, label: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = label;
  return o;
}

async function load(index: CompareIndex, benchmark: string, entry: string): Promise<CompareData> {
  const res = await fetch(`${index.base}compare-data/${encodeURIComponent(benchmark)}/${encodeURIComponent(entry)}.json`);
  if (!res.ok) throw new Error(`compare data of ${entry} on ${benchmark}: HTTP ${res.status}`);
  return parseCompareData(await res.text());
}

async function run(index: CompareIndex, x: string, y: string, out: HTMLElement): Promise<void> {
  const byKey = new Map(index.entries.map((e) => [e.key, e]));
  const [ka, kb] = canonicalPair(x, y);
  const a = byKey.get(ka);
  const b = byKey.get(kb);
  out.dataset.state = 'loading';
  out.dataset.a = ka;
  out.dataset.b = kb;
  if (!a || !b || ka === kb) {
    out.innerHTML = '<p>Pick two different entries.</p>';
    out.dataset.state = 'error';
    return;
  }
  const shared = index.benchmarks.map((m) => m.id).filter((id) => a.benchmarks.includes(id) && b.benchmarks.includes(id));
  try {
    const pairs = await Promise.all(shared.map(async (id) => [await load(index, id, ka), await load(index, id, kb)] as [CompareData, CompareData]));
    const diffs = compareData(pairs);
    const title = document.createElement('h2');
    title.textContent = `${a.name} vs ${b.name}`;
    const pre = document.querySelector<HTMLAnchorElement>(`a[data-pair="${CSS.escape(`${ka} ${kb}`)}"]`);
    const note = document.createElement('p');
    note.className = 'small';
    note.textContent = `A = ${a.name}, B = ${b.name}. Computed in your browser from the two entries' per-unit data, with the build's functions and seeds.`;
    if (pre) {
      note.append(' Also pre-rendered: ');
      const link = document.createElement('a');
      link.href = pre.href;
      link.textContent = 'this pair\u2019s page';
      note.append(link, '.');
    }
    out.replaceChildren(title, note);
    out.insertAdjacentHTML('beforeend', compareTablesHtml({ slug: ka, name: a.name }, { slug: kb, name: b.name }, diffs, index.base, { explore: compareExploreLinks(index.benchmarks, ka, kb) }));
    out.dataset.state = 'done';
  } catch (err) {
    out.textContent = `Could not compare: ${(err as Error).message}`;
    out.dataset.state = 'error';
  }
}

export function startCompare(): void {
  const data = $('compare-index');
  const form = $<HTMLFormElement>('compare-form');
  const out = $('compare-result');
  if (!data || !form || !out) return;
  const index = JSON.parse(data.textContent ?? '{}') as CompareIndex;
  const bench = form.elements.namedItem('benchmark') as HTMLSelectElement;
  const selA = form.elements.namedItem('a') as HTMLSelectElement;
  const selB = form.elements.namedItem('b') as HTMLSelectElement;
  const of = (id: string) => index.entries.filter((e) => e.benchmarks.includes(id));
  const fill = (id: string, a?: string, b?: string) => {
    const list = of(id);
    selA.replaceChildren(...list.map((e) => option(e.key, e.name)));
    selB.replaceChildren(...list.map((e) => option(e.key, e.name)));
    selA.value = a && list.some((e) => e.key === a) ? a : list[0]?.key ?? '';
    selB.value = b && b !== selA.value && list.some((e) => e.key === b) ? b : list.find((e) => e.key !== selA.value)?.key ?? '';
  };
  const q = new URLSearchParams(location.search);
  const qa = q.get('a') ?? undefined;
  const qb = q.get('b') ?? undefined;
  const usable = index.benchmarks.filter((m) => of(m.id).length >= 2);
  const has = (key: string | undefined, id: string) => !!key && index.entries.some((e) => e.key === key && e.benchmarks.includes(id));
  // Default to a benchmark both picked entries share, else the first entry's, else the first with two entries: never a cross-benchmark pair.
  const start = usable.find((m) => has(qa, m.id) && has(qb, m.id)) ?? usable.find((m) => has(qa, m.id)) ?? usable[0];
  if (!start) return;
  bench.value = start.id;
  fill(start.id, qa, qb);
  bench.addEventListener('change', () => fill(bench.value));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (selA.value === selB.value) return;
    const url = new URL(location.href);
    url.searchParams.set('a', selA.value);
    url.searchParams.set('b', selB.value);
    history.replaceState(null, '', url);
    void run(index, selA.value, selB.value, out);
  });
  if (qa && qb) void run(index, qa, qb, out);
}
