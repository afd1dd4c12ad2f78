import type { Page } from 'playwright-core';

/** One page's layout problems: an element (or text) outside its scroll container, a clipped table, a silent scroll. */
export interface LayoutReport {
  problems: string[];
  /** Tables that scroll inside their wrap (allowed, with the affordance): "caption or id: table px in wrap px". */
  scrolling: string[];
}

/**
 * Runs in the page. For every rendered element and text run: its nearest ancestor that clips or
 * scrolls horizontally (else the viewport) must contain it, unless that ancestor scrolls (then it
 * is reachable) — and a scrolling `.table-wrap` must show the affordance (`.scroll-shadow.can-right`).
 * The page itself must not scroll sideways. A table outside any `.table-wrap` must fit its parent.
 */
export async function measureLayout(page: Page): Promise<LayoutReport> {
  // tsx (esbuild keepNames) wraps named functions in __name(); give the page a no-op one.
  await page.evaluate('globalThis.__name ??= (f) => f');
  return page.evaluate(() => {
    const problems: string[] = [];
    const scrolling: string[] = [];
    const vw = document.documentElement.clientWidth;
    const name = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
    };
    if (document.documentElement.scrollWidth > vw + 1) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px content in a ${vw} px viewport`);
    const containerOf = (el: Element): Element | null => {
      for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible') return a;
      }
      return null;
    };
    const visuallyHidden = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.clipPath.startsWith('inset(50%') || cs.getPropertyValue('clip') === 'rect(0px, 0px, 0px, 0px)') return true;
        if (a.classList.contains('skip') && a !== document.activeElement) return true;
      }
      return false;
    };
    const check = (what: string, r: DOMRect, el: Element) => {
      if (r.width === 0 && r.height === 0) return;
      const c = containerOf(el);
      const left = c ? c.getBoundingClientRect().left : 0;
      const right = c ? c.getBoundingClientRect().right : vw;
      if (r.left >= left - 1 && r.right <= right + 1) return;
      if (c) {
        const ox = getComputedStyle(c).overflowX;
        if (ox === 'auto' || ox === 'scroll') return; // reachable by scrolling; the table pass checks the affordance
      }
      if (visuallyHidden(el)) return;
      problems.push(`${what} ${name(el)} spans ${Math.round(r.left)}–${Math.round(r.right)} px outside its ${c ? name(c).slice(0, 60) : 'viewport'} (${Math.round(left)}–${Math.round(right)} px)`);
    };
    const all = [...document.body.querySelectorAll('*')].filter((el) => !(el instanceof SVGElement && !(el instanceof SVGSVGElement)));
    for (const el of all) check('element', el.getBoundingClientRect(), el);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim() || !n.parentElement || n.parentElement.closest('svg, script, style')) continue;
      range.selectNodeContents(n);
      check('text', range.getBoundingClientRect(), n.parentElement);
    }
    for (const t of document.querySelectorAll('table')) {
      const r = t.getBoundingClientRect();
      if (r.width === 0) continue;
      const wrap = t.closest('.table-wrap');
      const label = `table "${(t.caption?.textContent ?? t.closest('[aria-label]')?.getAttribute('aria-label') ?? t.closest('section')?.querySelector('h2')?.textContent ?? '').trim().slice(0, 50)}"`;
      if (!wrap) {
        if (t.parentElement && r.width > t.parentElement.getBoundingClientRect().width + 1) problems.push(`${label} is ${Math.round(r.width)} px wide outside a .table-wrap`);
        continue;
      }
      const ox = getComputedStyle(wrap).overflowX;
      if (wrap.scrollWidth > wrap.clientWidth + 1) {
        if (ox !== 'auto' && ox !== 'scroll') problems.push(`${label} is clipped: ${wrap.scrollWidth} px in a ${wrap.clientWidth} px wrap that does not scroll`);
        else if (!wrap.parentElement?.matches('.scroll-shadow.can-right, .scroll-shadow.can-left')) problems.push(`${label} scrolls silently: ${wrap.scrollWidth} px in ${wrap.clientWidth} px without the scroll affordance`);
        scrolling.push(`${label}: ${wrap.scrollWidth} px in ${wrap.clientWidth} px`);
      }
    }
    return { problems, scrolling };
  });
}
