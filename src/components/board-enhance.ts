/**
 * Progressive enhancement for board tables: sort by any column, filter (text, weights, org,
 * release-date range, sample class) and keep the view in the URL. The table works without it.
 * Filtering also redraws the section's charts and their captions (`chart-redraw.ts`), and a
 * section left with no row says so, with a link that resets the filters.
 */
import { redrawCharts } from './chart-redraw';
type Key = number | string | null;

interface Indexed {
  tr: HTMLTableRowElement;
  keys: Key[];
  text: string;
}

const FILTERS = ['q', 'w', 'org', 'from', 'to', 'class'] as const;

function cellKey(cell: Element | undefined, type: string | undefined): Key {
  if (!cell) return null;
  const raw = cell.getAttribute('data-v') ?? cell.textContent ?? '';
  if (type === 'num') {
    if (raw === '' || raw === '—') return null;
    const v = Number(raw);
    return Number.isFinite(v) ? v : null;
  }
  const t = raw.trim();
  return t === '' || t === '—' ? null : t.toLowerCase();
}

const collator = new Intl.Collator('en');

function compare(a: Key, b: Key): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

export function indexTable(table: HTMLTableElement): Indexed[] {
  const types = [...table.tHead!.rows[0]!.cells].map((th) => th.dataset.type);
  return [...table.tBodies[0]!.rows].map((tr) => ({
    tr,
    keys: [...tr.cells].map((c, i) => cellKey(c, types[i])),
    text: `${tr.cells[1]?.textContent ?? ''} ${tr.dataset.o ?? ''}`.toLowerCase(),
  }));
}

/** Sort one table's rows in place by column `col`; returns the milliseconds spent. */
export function sortTable(table: HTMLTableElement, rows: Indexed[], col: number, dir: 'asc' | 'desc'): number {
  const t0 = performance.now();
  const sign = dir === 'asc' ? 1 : -1;
  rows.sort((x, y) => {
    const a = x.keys[col] ?? null, b = y.keys[col] ?? null;
    if (a === null || b === null) return compare(a, b); // missing values last either way
    return sign * compare(a, b) || compare(x.keys[0] ?? null, y.keys[0] ?? null);
  });
  // Rebuild the body detached, then swap it in: one live-DOM mutation instead of one per row.
  const old = table.tBodies[0]!;
  const body = old.cloneNode(false) as HTMLTableSectionElement;
  for (const r of rows) body.appendChild(r.tr);
  table.replaceChild(body, old);
  const ths = table.tHead!.rows[0]!.cells;
  for (let i = 0; i < ths.length; i++) {
    if (i === col) ths[i]!.setAttribute('aria-sort', dir === 'asc' ? 'ascending' : 'descending');
    else ths[i]!.removeAttribute('aria-sort');
  }
  return performance.now() - t0;
}

/** A column's key in `?hide=`: its header text, slugged ("MAE (mm)" → "mae-mm"). */
export function columnKey(th: Element): string {
  const text = (th.querySelector('button')?.textContent ?? th.textContent ?? '').trim();
  return text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9<>=.]+/g, '-').replace(/^-+|-+$/g, '') || 'col';
}

interface Columns {
  /** Index of the primary metric column (its header links to the metric page). */
  primary: number;
  /** Columns a reader may hide: index and key, in order. */
  optional: { index: number; key: string; label: string }[];
}

function columnsOf(table: HTMLTableElement): Columns {
  const ths = [...table.tHead!.rows[0]!.cells];
  const primary = ths.findIndex((th) => th.querySelector('a[href*="metrics/"]'));
  const last = ths.length - 1;
  const optional = ths
    .map((th, index) => ({ index, key: columnKey(th), label: (th.querySelector('button')?.textContent ?? th.textContent ?? '').trim() }))
    .filter((c) => c.index > 1 && c.index !== primary && c.index !== last);
  return { primary, optional };
}

/** Show or hide columns (by key) of a board table: header and every body cell. */
export function applyHidden(table: HTMLTableElement, hidden: ReadonlySet<string>): void {
  const keys = [...table.tHead!.rows[0]!.cells].map(columnKey);
  for (const row of [...table.tHead!.rows, ...table.tBodies[0]!.rows]) {
    [...row.cells].forEach((c, i) => c.classList.toggle('col-off', hidden.has(keys[i]!)));
  }
}

/** Card layout on narrow screens: each cell labelled by its header; secondary cells behind "details". */
function prepareCards(table: HTMLTableElement, cols: Columns): void {
  const ths = [...table.tHead!.rows[0]!.cells];
  const labels = ths.map((th) => (th.querySelector('button')?.textContent ?? th.textContent ?? '').trim());
  const nIndex = ths.findIndex((th) => th.querySelector('button')?.getAttribute('title')?.startsWith('Number of'));
  const more = new Set(cols.optional.map((c) => c.index).filter((i) => i !== nIndex));
  for (const tr of table.tBodies[0]!.rows) {
    [...tr.cells].forEach((c, i) => {
      if (i > 1 && i < ths.length - 1) c.setAttribute('data-label', labels[i]!);
      if (i === cols.primary) c.classList.add('primary');
      if (more.has(i)) c.classList.add('more');
    });
    const last = tr.cells[tr.cells.length - 1];
    if (last && more.size > 0 && !last.querySelector('.card-more')) {
      const b = ownerDoc(table).createElement('button');
      b.type = 'button';
      b.className = 'card-more';
      b.textContent = 'details';
      b.setAttribute('aria-expanded', 'false');
      b.addEventListener('click', () => {
        const open = tr.classList.toggle('open');
        b.setAttribute('aria-expanded', String(open));
        b.textContent = open ? 'less' : 'details';
      });
      last.appendChild(b);
    }
  }
  table.classList.add('as-cards');
}

const ownerDoc = (el: Element) => el.ownerDocument;

export function enhanceBoards(doc: Document): void {
  const form = doc.querySelector<HTMLFormElement>('form[data-board-filters]');
  const tables = [...doc.querySelectorAll<HTMLTableElement>('table[data-board]')];
  // Rows listed without a rank (preliminary, partial, under review) are filtered and counted too;
  // a board may have nothing else.
  const listed = [...doc.querySelectorAll<HTMLTableElement>('table[data-unranked]')];
  if (tables.length === 0 && listed.length === 0) return;
  const indexed = new Map(tables.map((t) => [t, indexTable(t)]));
  const listedRows = new Map(listed.map((t) => [t, [...t.tBodies[0]!.rows].map((tr) => ({ tr, text: `${tr.cells[0]?.textContent ?? ''} ${tr.dataset.o ?? ''}`.toLowerCase() }))]));
  const params = new URLSearchParams(location.search);
  let sortCol = Number(params.get('sort') ?? '0');
  let sortDir: 'asc' | 'desc' = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const cols: Columns = tables[0] ? columnsOf(tables[0]) : { primary: -1, optional: [] };
  const hidden = new Set((params.get('hide') ?? '').split(',').filter((k) => cols.optional.some((c) => c.key === k)));
  const toggles = form?.querySelector<HTMLElement>('[data-col-toggles]');
  const applyHide = () => { for (const t of tables) applyHidden(t, hidden); };
  if (toggles) {
    for (const c of cols.optional) {
      const label = doc.createElement('label');
      const box = doc.createElement('input');
      box.type = 'checkbox';
      box.defaultChecked = true;
      box.checked = !hidden.has(c.key);
      box.dataset.col = c.key;
      box.addEventListener('change', () => {
        if (box.checked) hidden.delete(c.key);
        else hidden.add(c.key);
        applyHide();
      });
      label.append(box, ` ${c.label}`);
      toggles.appendChild(label);
    }
  }
  for (const t of tables) prepareCards(t, columnsOf(t));

  const writeUrl = () => {
    const u = new URL(location.href);
    for (const k of FILTERS) {
      const v = form ? (form.elements.namedItem(k) as HTMLInputElement | null)?.value ?? '' : '';
      if (v) u.searchParams.set(k, v);
      else u.searchParams.delete(k);
    }
    if (hidden.size > 0) u.searchParams.set('hide', [...hidden].join(','));
    else u.searchParams.delete('hide');
    if (sortCol !== 0 || sortDir !== 'asc') {
      u.searchParams.set('sort', String(sortCol));
      u.searchParams.set('dir', sortDir);
    } else {
      u.searchParams.delete('sort');
      u.searchParams.delete('dir');
    }
    history.replaceState(null, '', u);
  };

  const applySort = () => {
    for (const t of tables) sortTable(t, indexed.get(t)!, sortCol, sortDir);
  };

  const applyFilters = () => {
    if (!form) return;
    const get = (k: string) => ((form.elements.namedItem(k) as HTMLInputElement | null)?.value ?? '').trim();
    const q = get('q').toLowerCase(), w = get('w'), org = get('org'), from = get('from'), to = get('to'), cls = get('class');
    let shown = 0, total = 0;
    const visible = new Map<string, Set<string> | null>();
    for (const t of [...tables, ...listed]) {
      const ranked = indexed.get(t);
      const section = t.closest<HTMLElement>('[data-section]');
      const sectionHidden = !!cls && !!section && section.dataset.section !== cls;
      if (section) section.hidden = sectionHidden;
      const keys = new Set<string>();
      let inTable = 0;
      for (const r of ranked ?? listedRows.get(t)!) {
        total++;
        const d = r.tr.dataset.d ?? '';
        const ok = !sectionHidden && (!q || r.text.includes(q)) && (!w || r.tr.dataset.w === w) && (!org || r.tr.dataset.o === org) &&
          (!from || (d !== '' && d >= from)) && (!to || (d !== '' && d <= to));
        r.tr.hidden = !ok;
        if (ok) {
          shown++;
          inTable++;
          if (r.tr.dataset.entry) keys.add(r.tr.dataset.entry);
        }
      }
      if (!ranked) continue; // listed rows: counted, never charted
      if (section?.dataset.section) visible.set(section.dataset.section, sectionHidden ? null : keys);
      noMatch(t, !sectionHidden && inTable === 0 && ranked.length > 0);
    }
    redrawCharts(doc, visible);
    const out = form.querySelector('output[data-count]');
    if (out) out.textContent = `${shown} of ${total} rows`;
  };

  /** "No entries match" under a table whose rows are all filtered out, with a reset link. */
  const noMatch = (t: HTMLTableElement, on: boolean) => {
    const wrap = t.closest('.table-wrap') ?? t;
    let p = wrap.nextElementSibling as HTMLElement | null;
    if (!p?.matches('p.no-match')) {
      if (!on) return;
      p = doc.createElement('p');
      p.className = 'no-match';
      p.setAttribute('role', 'status');
      const a = doc.createElement('a');
      a.href = location.pathname;
      a.textContent = 'Reset the filters';
      a.addEventListener('click', (e) => {
        e.preventDefault();
        form?.reset();
      });
      p.append('No entries match these filters. ', a, '.');
      wrap.after(p);
    }
    p.hidden = !on;
  };

  if (form) {
    for (const k of FILTERS) {
      const el = form.elements.namedItem(k) as HTMLInputElement | null;
      const v = params.get(k);
      if (el && v !== null) el.value = v;
    }
    form.addEventListener('input', () => { applyFilters(); writeUrl(); });
    form.addEventListener('change', () => { applyFilters(); writeUrl(); });
    form.addEventListener('reset', () => setTimeout(() => { hidden.clear(); applyHide(); applyFilters(); writeUrl(); }, 0));
  }
  for (const t of tables) {
    [...t.tHead!.rows[0]!.cells].forEach((th, col) => {
      th.querySelector('button')?.addEventListener('click', () => {
        if (sortCol === col) sortDir = sortDir === 'asc' ? 'desc' : 'asc';
        else {
          sortCol = col;
          // Metric columns open best-first; text and rank open ascending.
          sortDir = th.dataset.dir === 'higher' ? 'desc' : 'asc';
        }
        applySort();
        writeUrl();
      });
    });
  }
  if (sortCol !== 0 || sortDir !== 'asc') applySort();
  applyHide();
  applyFilters();
  (window as unknown as { __boardSort?: unknown }).__boardSort = { sortTable, indexTable };
}
