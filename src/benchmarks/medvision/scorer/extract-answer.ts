/**
 * Upstream `extract_last_k_nums_within_answer_tag`: the last k numbers inside the first
 * `<answer>…</answer>`, thousands separators removed, joined with ",". `""` when there is no
 * tag or fewer than k numbers. Python's `\d` is every Unicode decimal digit, hence `\p{Nd}`.
 */
const ANSWER_TAG = /<answer>([\s\S]*?)<\/answer>/;
const NUMBER = /[-+]?(?:\p{Nd}{1,3}(?:,\p{Nd}{3})+|\p{Nd}+)(?:\.\p{Nd}+)?(?:[eE][-+]?\p{Nd}+)?/gu;

export function extractAnswer(text: string, k: number): string {
  const tag = ANSWER_TAG.exec(text);
  if (!tag) return '';
  return answerFromTagBody(tag[1]!, k);
}

/** The same, given the text between the first `<answer>` and the first `</answer>` after it. */
export function answerFromTagBody(body: string, k: number): string {
  const numbers = Array.from(body.matchAll(NUMBER), (m) => m[0].replace(/,/g, ''));
  if (numbers.length < k) return '';
  return k <= 0 ? '' : numbers.slice(-k).join(',');
}
