/**
 * A TeX formula as plain text for search indexes and excerpts ("\frac{\text{correct}}{n}" →
 * "(correct) / (n)"): fractions and roots spelled out, common symbols as their characters, other
 * commands by name, braces, spacing commands and sub/superscript markers dropped. For the
 * formulas our docs use; never shown as the formula itself (KaTeX renders that).
 */
const SYMBOLS: Record<string, string> = {
  times: '×', cdot: '·', le: '≤', leq: '≤', ge: '≥', geq: '≥', ne: '≠', neq: '≠', in: '∈', notin: '∉', sum: 'Σ', prod: 'Π',
  dots: '…', ldots: '…', cdots: '…', pm: '±', approx: '≈', infty: '∞', to: '→', rightarrow: '→', mid: '|', lvert: '|', rvert: '|',
  alpha: 'α', beta: 'β', gamma: 'γ', delta: 'δ', epsilon: 'ε', mu: 'μ', sigma: 'σ', tau: 'τ', theta: 'θ', lambda: 'λ', pi: 'π', Delta: 'Δ', Sigma: 'Σ',
  '{': '{', '}': '}', '#': '#', '%': '%', '&': '&', _: '_', '\\': ' ',
};
const DROP = new Set(['left', 'right', 'big', 'Big', 'bigl', 'bigr', 'displaystyle', ',', ';', ':', '!', ' ', 'quad', 'qquad']);

/** The `{…}` group starting at `i` (which must be `{`): its inside and the index after it. */
function group(s: string, i: number): [string, number] {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === '{') depth++;
    else if (s[j] === '}' && --depth === 0) return [s.slice(i + 1, j), j + 1];
  }
  return [s.slice(i + 1), s.length];
}

function convert(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; ) {
    const c = s[i]!;
    if (c === '\\') {
      const name = /^[A-Za-z]+/.exec(s.slice(i + 1))?.[0] ?? s[i + 1] ?? '';
      i += 1 + name.length;
      const arg = () => {
        while (s[i] === ' ') i++;
        if (s[i] !== '{') return convert(s[i++] ?? '');
        const [inner, next] = group(s, i);
        i = next;
        return convert(inner);
      };
      if (name === 'frac' || name === 'dfrac' || name === 'tfrac') {
        const a = arg();
        const b = arg();
        out += ` (${a.trim()}) / (${b.trim()}) `;
      } else if (name === 'sqrt') out += ` √(${arg().trim()}) `;
      else if (['text', 'mathrm', 'mathit', 'mathbf', 'operatorname', 'textrm', 'mathsf'].includes(name)) out += arg();
      else if (DROP.has(name)) out += ' ';
      else out += SYMBOLS[name] !== undefined ? ` ${SYMBOLS[name]} ` : ` ${name} `;
    } else if (c === '{' || c === '}' || c === '^' || c === '~') {
      out += c === '~' ? ' ' : '';
      i++;
    } else if (c === '_') {
      out += ' ';
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

export function latexToText(tex: string): string {
  return convert(tex).replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();
}
