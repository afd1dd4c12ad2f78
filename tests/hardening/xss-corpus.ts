/** Payloads that try to run script; each sets window.__xss or calls alert if it ever executes. */
export const XSS_MARKDOWN = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"></svg>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
  '<a href="javascript:window.__xss=1">click</a>',
  '[click](javascript:window.__xss=1)',
  '[click](JaVaScRiPt:window.__xss=1)',
  '[click](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox(1))',
  '![x](javascript:window.__xss=1)',
  '<details open ontoggle="window.__xss=1">x</details>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<style>@import "javascript:window.__xss=1";</style>',
  '<form action="javascript:window.__xss=1"><button>go</button></form>',
  '<object data="javascript:window.__xss=1"></object>',
  '<embed src="javascript:window.__xss=1">',
  '<body onload="window.__xss=1">',
  '<input autofocus onfocus="window.__xss=1">',
  '"><script>window.__xss=1</script>',
  '<a href="https://ok.example" onclick="window.__xss=1">ok</a>',
  '[ok](https://ok.example "title\\" onmouseover=\\"window.__xss=1")',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<base href="javascript:window.__xss=1//">',
  '<link rel="import" href="data:text/html,<script>window.__xss=1</script>">',
  '&lt;script&gt;window.__xss=1&lt;/script&gt;',
  '`<script>window.__xss=1</script>`',
  '```html\n<script>window.__xss=1</script>\n```',
  'contact me at evil.person@example.com or mailto:evil.person@example.com',
];

/** Plain-text fields (model name, org, verdict): Astro must escape them; the schema refuses markup where it can. */
export const XSS_TEXT = [
  '"><img src=x onerror="window.__xss=1">',
  "' onmouseover='window.__xss=1' x='",
  '</title><script>window.__xss=1</script>',
  '{{constructor.constructor("window.__xss=1")()}}',
  '${window.__xss=1}',
  'javascript:window.__xss=1',
];

import { parseHTML } from 'linkedom';

const BAD_TAGS = new Set(['script', 'iframe', 'object', 'embed', 'base', 'meta', 'form', 'style', 'img', 'svg', 'math', 'link', 'input', 'button']);

/** Dangerous things in an HTML fragment, found by parsing it (not by pattern-matching the text). */
export function dangers(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const out: string[] = [];
  for (const el of document.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (BAD_TAGS.has(tag)) out.push(`<${tag}>`);
    for (const a of el.attributes) {
      if (/^on/i.test(a.name)) out.push(`${tag}[${a.name}]`);
      if (['href', 'src', 'action', 'data', 'formaction', 'xlink:href'].includes(a.name.toLowerCase()) && !/^(https?:|#|\/|\.)/i.test(a.value.trim())) out.push(`${tag}[${a.name}=${a.value}]`);
    }
  }
  return out;
}
