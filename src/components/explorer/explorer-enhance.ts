/**
 * The explorer page in the browser: entry selection, filter and sort from the URL (`?e=&f=&s=`,
 * kept in sync), more rows, and "show all" of a long text. The unit's document and an entry's
 * long texts are fetched only when one of these is used (or the URL asks for a state or a sample
 * the first screen does not show). Rows are rendered with the build's own functions.
 */
import { queryOfState, stateFromQuery, visibleSamples, type DocTexts, type ExplorerDoc, type ExplorerState } from '../../board/explorer-doc';
import { sampleAnchor } from '../../board/explorer-paths';
import { cellHtml, FIRST_ROWS, headHtml, rowHtml } from './render';

const MORE = 100;

export function startExplorer(): void {
  const maybeTable = document.getElementById('xp-table') as HTMLTableElement | null;
  const maybeForm = document.getElementById('xp-controls') as HTMLFormElement | null;
  if (!maybeTable || !maybeForm) return;
  const table: HTMLTableElement = maybeTable;
  const form: HTMLFormElement = maybeForm;
  const status = document.getElementById('xp-status')!;
  const moreRows = document.getElementById('xp-more-rows') as HTMLButtonElement | null;
  const picked = document.getElementById('xp-picked')!;
  const base = table.dataset.base ?? '/';
  const boxes = [...form.querySelectorAll<HTMLInputElement>('input[name="e"]')];
  const keys = { entries: boxes.map((b) => ({ key: b.value })) };
  let state: ExplorerState = stateFromQuery(keys, location.search);
  let limit = Number(table.dataset.shown) || FIRST_ROWS;
  let doc: Promise<ExplorerDoc> | undefined;
  const texts = new Map<number, Promise<DocTexts>>();
  const loaded = new Map<number, DocTexts>();
  const whole = new Set<string>();

  const loadDoc = () => (doc ??= fetch(table.dataset.doc!).then((r) => (r.ok ? (r.json() as Promise<ExplorerDoc>) : Promise.reject(new Error(`HTTP ${r.status}`)))));
  const loadTexts = async (entry: number): Promise<DocTexts> => {
    const d = await loadDoc();
    const path = d.texts[entry];
    if (!path) return [];
    let p = texts.get(entry);
    if (!p) {
      p = fetch(`${base}${path}`).then((r) => (r.ok ? (r.json() as Promise<DocTexts>) : Promise.reject(new Error(`HTTP ${r.status}`))));
      texts.set(entry, p);
    }
    const t = await p;
    loaded.set(entry, t);
    return t;
  };
  const textsOf = (entry: number, sample: number) => ({ texts: loaded.get(entry)?.[sample] ?? null, whole: whole.has(`${entry},${sample}`) });

  const syncForm = () => {
    const on = new Set(state.entries);
    boxes.forEach((b, i) => (b.checked = on.has(i)));
    picked.textContent = on.size === boxes.length ? `all ${boxes.length}` : `${on.size} of ${boxes.length}`;
    form.f.value = state.filter ?? '';
    form.s.value = state.sort === 'spread' ? 'spread' : typeof state.sort === 'number' ? `e:${boxes[state.sort]!.value}` : '';
  };

  async function render(): Promise<void> {
    status.textContent = 'Loading…';
    let d: ExplorerDoc;
    try {
      d = await loadDoc();
    } catch (err) {
      status.textContent = `Could not load the unit's data (${(err as Error).message}).`;
      return;
    }
    const order = visibleSamples(d, state);
    // A permalink to a sample further down: show rows up to it.
    const target = location.hash.slice(1);
    const at = target && !document.getElementById(target) ? order.findIndex((s) => sampleAnchor(d.samples[s]!.id) === target) : -1;
    if (at >= limit) limit = at + 1;
    table.tHead!.innerHTML = headHtml(d, state.entries, base);
    table.tBodies[0]!.innerHTML = order.slice(0, limit).map((s) => rowHtml(d, s, state.entries, textsOf)).join('');
    const n = Math.min(limit, order.length);
    status.textContent = `Showing ${n} of ${order.length} ${d.sampleNoun}${order.length < d.samples.length ? ` that match (of ${d.samples.length})` : ''}.`;
    if (moreRows) {
      moreRows.hidden = n >= order.length;
      moreRows.textContent = `Show ${Math.min(MORE, order.length - n)} more`;
    }
    history.replaceState(null, '', `${location.pathname}${queryOfState(d, state)}${location.hash}`);
    if (at >= 0) document.getElementById(target)?.scrollIntoView();
  }

  form.hidden = false;
  if (moreRows) moreRows.hidden = false;
  syncForm();
  form.addEventListener('change', () => {
    const on = boxes.flatMap((b, i) => (b.checked ? [i] : []));
    const f = form.f.value as string;
    const s = form.s.value as string;
    const sortEntry = s.startsWith('e:') ? boxes.findIndex((b) => b.value === s.slice(2)) : -1;
    state = { entries: on, ...(f ? { filter: f as ExplorerState['filter'] } : {}), sort: s === 'spread' ? 'spread' : sortEntry >= 0 ? sortEntry : 'id' };
    limit = FIRST_ROWS;
    syncForm();
    void render();
  });
  moreRows?.addEventListener('click', () => {
    limit += MORE;
    void render();
  });
  table.addEventListener('click', (ev) => {
    const btn = (ev.target as HTMLElement).closest<HTMLButtonElement>('button[data-more], button[data-load]');
    if (!btn) return;
    const [entry, sample] = (btn.dataset.more ?? btn.dataset.load!).split(',').map(Number) as [number, number];
    if (btn.dataset.more) whole.add(`${entry},${sample}`);
    btn.disabled = true;
    void (async () => {
      try {
        await loadTexts(entry);
        const d = await loadDoc();
        const td = btn.closest('td')!;
        td.outerHTML = cellHtml(d, entry, sample, d.cells[entry]?.[sample] ?? null, textsOf(entry, sample));
        const fresh = table.querySelector(`tr[data-s="${sample}"] td[data-e="${entry}"] details`) as HTMLDetailsElement | null;
        if (fresh) fresh.open = true;
      } catch (err) {
        btn.textContent = `Could not load (${(err as Error).message})`;
      }
    })();
  });
  const asked = location.search.length > 1 || (location.hash.length > 1 && !document.getElementById(location.hash.slice(1)));
  if (asked) void render();
}
