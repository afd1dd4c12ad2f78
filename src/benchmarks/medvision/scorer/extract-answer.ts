/**
 * Upstream `extract_last_k_nums_within_answer_tag`: the last k numbers inside the first
 * `<answer>…</answer>`, thousands separators removed, joined with ",". `""` when there is no
 * tag or fewer than k numbers. Python's `\d` is every Unicode decimal digit, hence `\p{Nd}`.
 */
const ANSWER_TAG = /<answer>([\s\S]*?)<\/answer>/;
const NUMBER = /[-+]?(?:\p{Nd}{1,3}(?:,\p{Nd}{3})+|\p{Nd}+)(?:\.\p{Nd}+)?(?:[eE][-+]?\p{Nd}+)?/gu;
// The same pattern for text without a non-ASCII character, where \p{Nd} is exactly [0-9]: about
// 4× faster than the Unicode one (matchAll, match arrays), and the answer of nearly every record.
const ASCII_NUMBER = /[-+]?(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/g;

export function extractAnswer(text: string, k: number): string {
  const tag = ANSWER_TAG.exec(text);
  if (!tag) return '';
  return answerFromTagBody(tag[1]!, k);
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

const withoutCommas = (s: string) => (s.includes(',') ? s.replace(/,/g, '') : s);

/** The same, given the text between the first `<answer>` and the first `</answer>` after it. */
export function answerFromTagBody(body: string, k: number): string {
  if (k <= 0) return '';
  if (!isAscii(body)) {
    const numbers = Array.from(body.matchAll(NUMBER), (m) => m[0].replace(/,/g, ''));
    return numbers.length < k ? '' : numbers.slice(-k).join(',');
  }
  const last: string[] = [];
  ASCII_NUMBER.lastIndex = 0;
  for (let m = ASCII_NUMBER.exec(body); m !== null; m = ASCII_NUMBER.exec(body)) {
    if (last.length === k) last.shift();
    last.push(m[0]);
  }
  return last.length < k ? '' : last.map(withoutCommas).join(',');
}
