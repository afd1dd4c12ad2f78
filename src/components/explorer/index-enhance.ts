/**
 * A benchmark's explorer index with `?e=<entry>[,<entry>…]` (a board row's per-sample link, the
 * compare page's disagreement link): only the units every selected entry was run on, and each unit
 * link carries the query on.
 */
export function startExplorerIndex(): void {
  const data = document.getElementById('xp-index-entries');
  const note = document.getElementById('xp-index-note');
  if (!data || !note || location.search.length < 2) return;
  const entries = JSON.parse(data.textContent ?? '[]') as { key: string; label: string }[];
  const q = new URLSearchParams(location.search);
  const at = new Map(entries.map((e, i) => [e.key, i]));
  const picked = (q.get('e') ?? '').split(',').map((k) => at.get(k)).filter((i): i is number => i !== undefined);
  let shown = 0;
  for (const li of document.querySelectorAll<HTMLLIElement>('.xp-units > li')) {
    const has = new Set((li.dataset.e ?? '').split(' ').map(Number));
    const ok = picked.every((i) => has.has(i));
    li.hidden = !ok;
    if (ok) shown++;
    const a = li.querySelector<HTMLAnchorElement>('a[data-unit]');
    if (a) a.search = location.search;
  }
  for (const sec of document.querySelectorAll<HTMLElement>('section')) {
    if (sec.querySelector('.xp-units')) sec.hidden = sec.querySelectorAll('.xp-units > li:not([hidden])').length === 0;
  }
  if (picked.length > 0) {
    note.hidden = false;
    note.textContent = `Showing the ${shown} unit${shown === 1 ? '' : 's'} ${picked.map((i) => entries[i]!.label).join(' and ')} ${picked.length === 1 ? 'was' : 'were all'} run on; the selection carries into each unit page.`;
  }
}
