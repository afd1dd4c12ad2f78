import { answerFromTagBody, extractAnswer } from '../scorer/extract-answer';
import { utf8 } from './small-json';

/**
 * The prediction, re-extracted from the raw model text the way upstream's newest parse step does
 * (`parse_outputs._process_jsonl_file`): text = `resps[0][0]` (`resps[0][0][0]` when nested once
 * more), prediction = `extract_last_k_nums_within_answer_tag(text, k)`. The submitter's
 * `filtered_resps` is never read for this.
 */

/** Upstream's text from a parsed `resps` value, or where and why it is not there. */
export function responseText(resps: unknown): { text: string } | { pointer: string; message: string } {
  if (resps === undefined) return { pointer: '$.resps', message: 'missing: the raw model response is what the prediction is extracted from; sample not scored' };
  if (!Array.isArray(resps) || !Array.isArray(resps[0])) {
    return { pointer: Array.isArray(resps) ? '$.resps[0]' : '$.resps', message: `expected lmms-eval's nested list [[text]], got ${JSON.stringify(resps)?.slice(0, 60)}; sample not scored` };
  }
  let t: unknown = resps[0][0];
  let pointer = '$.resps[0][0]';
  if (Array.isArray(t)) {
    t = t[0];
    pointer += '[0]';
  }
  if (typeof t !== 'string') return { pointer, message: `expected the raw response text (a string), got ${JSON.stringify(t)?.slice(0, 60) ?? 'nothing'}; sample not scored` };
  return { text: t };
}

const QUOTE = 0x22, BACKSLASH = 0x5c, LBRACKET = 0x5b;
const isWs = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
const OPEN = Buffer.from('<answer>');
const CLOSE = Buffer.from('</answer>');
const ESC_U00 = Buffer.from('\\u00');
const ESC_SLASH = Buffer.from('\\/');

/** Index of the closing quote of the JSON string opening at `p`, or -1. */
function closingQuote(buf: Buffer, p: number, end: number): number {
  let q = p;
  for (;;) {
    q = buf.indexOf(QUOTE, q + 1);
    if (q < 0 || q >= end) return -1;
    let bs = 0;
    for (let j = q - 1; buf[j] === BACKSLASH; j--) bs++;
    if ((bs & 1) === 0) return q;
  }
}

/**
 * Where the text of a `resps` value [s, e) lies: its opening and closing quotes, when the value
 * starts `[[ "…` (or `[[[ "…` with `nestedOnce`, upstream's `resps[0][0][0]`); undefined otherwise.
 */
function textToken(buf: Buffer, s: number, e: number, opts: { nestedOnce: boolean }): [open: number, close: number] | undefined {
  let i = s;
  if (buf[i] !== LBRACKET) return undefined;
  i++;
  while (i < e && isWs(buf[i])) i++;
  if (buf[i] !== LBRACKET) return undefined;
  i++;
  while (i < e && isWs(buf[i])) i++;
  if (opts.nestedOnce && buf[i] === LBRACKET) {
    i++;
    while (i < e && isWs(buf[i])) i++;
  }
  if (buf[i] !== QUOTE) return undefined;
  const q = closingQuote(buf, i, e);
  return q < 0 ? undefined : [i, q];
}

/**
 * The re-extracted answer straight from the bytes of the `resps` value [s, e) of a JSONL line,
 * without decoding the (long) text: the tags are ASCII, so the first `<answer>` and the first
 * `</answer>` after it are found with native byte search, and only what lies between is decoded.
 * Returns undefined when the value is not the plain `[[ "text" …` shape, or when the text holds an
 * escape that could spell a tag character (`\/`, `\u00XX` below 0x80): the caller then parses
 * the value whole (`responseText` + `extractAnswer`), which gives the same answer. `noAsciiEscape`:
 * the caller's scan of the value found no such escape, so the bytes need not be searched for one.
 */
export function answerFromRespsBytes(buf: Buffer, s: number, e: number, k: number, opts: { noAsciiEscape?: boolean } = {}): string | undefined {
  const token = textToken(buf, s, e, { nestedOnce: true });
  if (!token) return undefined;
  const [i, q] = token;
  const body = buf.subarray(i + 1, q);
  if (!opts.noAsciiEscape) {
    if (body.indexOf(ESC_SLASH) >= 0) return undefined;
    for (let j = body.indexOf(ESC_U00); j >= 0; j = body.indexOf(ESC_U00, j + 1)) {
      const h = body[j + 4];
      if (h !== undefined && h >= 0x30 && h <= 0x37) return undefined;
    }
  }
  const a = body.indexOf(OPEN);
  if (a < 0) return '';
  const from = a + OPEN.length;
  const b = body.indexOf(CLOSE, from);
  if (b < 0) return '';
  const escaped = body.indexOf(BACKSLASH, from);
  let text: string;
  if (escaped < 0 || escaped >= b) text = utf8(body, from, b);
  else {
    try {
      text = JSON.parse(`"${body.toString('utf8', from, b)}"`) as string;
    } catch {
      return undefined;
    }
  }
  return answerFromTagBody(text, k);
}

/**
 * `resps[0][0]` when it is a string, straight from the bytes of the `resps` value [s, e) of a line
 * the scanner accepted (so valid JSON): `[`, `[`, then a string token, decoded without building the
 * value; a body without escapes is its own UTF-8 text. Undefined when `resps[0][0]` is not a string.
 */
export function rawResponseFromBytes(buf: Buffer, s: number, e: number): string | undefined {
  const token = textToken(buf, s, e, { nestedOnce: false });
  if (!token) return undefined;
  const [i, q] = token;
  const escaped = buf.indexOf(BACKSLASH, i + 1);
  return escaped < 0 || escaped >= q ? utf8(buf, i + 1, q) : (JSON.parse(utf8(buf, i, q + 1)) as string);
}

/** The answer from an already parsed `resps` value. */
export function answerFromResps(resps: unknown, k: number): { answer: string } | { pointer: string; message: string } {
  const t = responseText(resps);
  return 'text' in t ? { answer: extractAnswer(t.text, k) } : t;
}
