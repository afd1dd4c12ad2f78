/**
 * A board's social card as a PNG (1200 × 630): satori lays the card out as SVG, with every glyph
 * drawn as a path (no text, so nothing submitted can act as markup), and resvg rasterises it.
 */
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { socialCardFonts, type CardFonts } from '../ingest/social-fonts';
import { productsByKey } from '../ingest/product-cache';
import { fitLabel } from './charts-kit';
import { CARD_SIZE, type SocialCard } from './social-card';

type Node = { type: string; props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string } };
const div = (style: Record<string, string | number>, ...children: (Node | string)[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

const INK = '#1b1f24';
const MUTED = '#57606a';
const ACCENT = '#0b5cad';
const WARN = '#8a4b00';

/** `text` where the fonts draw it; else the fallback, or each missing character as U+FFFD. */
const drawable = (fonts: CardFonts, text: string, fallback?: string) => (fonts.covers(text) ? text : fallback !== undefined && fonts.covers(fallback) ? fallback : [...text].map((c) => (fonts.covers(c) ? c : '\ufffd')).join(''));

function rowNode(r: SocialCard['rows'][number], fonts: CardFonts): Node {
  return div(
    { alignItems: 'baseline', gap: 20, padding: '6px 0', borderTop: '1px solid #d0d7de' },
    div({ width: 90, fontSize: 28, fontWeight: 700, color: MUTED }, r.rank),
    div(
      { flexDirection: 'column', flexGrow: 1, flexShrink: 1, minWidth: 0 },
      div({ fontSize: 28, fontWeight: 700, color: INK }, fitLabel(drawable(fonts, r.model, r.modelSlug), 700, 28) + (r.synthetic ? ' (synthetic)' : '')),
      div({ fontSize: 20, color: MUTED }, fitLabel(drawable(fonts, r.harness), 700, 20)),
    ),
    div(
      { flexDirection: 'column', alignItems: 'flex-end' },
      div({ fontSize: 30, fontWeight: 700, color: ACCENT }, r.value),
      ...(r.interval ? [div({ fontSize: 20, color: MUTED }, r.interval)] : []),
    ),
  );
}

/** The card's layout tree (satori's element shape, without JSX). */
export function cardTree(card: SocialCard, fonts: CardFonts): Node {
  const pad = { x: 64, y: 48 };
  // The padding is a frame around a box of the content's own size: satori does not shrink a 100 % box by its padding.
  return div(
    { width: CARD_SIZE.width, height: CARD_SIZE.height, padding: `${pad.y}px ${pad.x}px`, background: '#ffffff', fontFamily: 'Inter', color: INK },
    div(
      { width: CARD_SIZE.width - 2 * pad.x, height: CARD_SIZE.height - 2 * pad.y, flexDirection: 'column' },
      div(
        { justifyContent: 'space-between', fontSize: 24, color: MUTED },
        div({}, `evalboard · ${card.benchmark}`),
        div({}, card.asOf ? `as of ${card.asOf}` : ''),
      ),
      div({ fontSize: 46, fontWeight: 700, marginTop: 12 }, fitLabel(card.title, 1070, 46)),
      div({ fontSize: 24, color: MUTED, marginTop: 6, marginBottom: 14 }, card.section ? `${card.section} · ${card.metric}` : card.metric),
      ...(card.rows.length > 0 ? card.rows.map((r) => rowNode(r, fonts)) : [div({ fontSize: 30, color: MUTED, marginTop: 40 }, 'No ranked entry yet.')]),
      div(
        { marginTop: 'auto', justifyContent: 'space-between', fontSize: 22, color: MUTED },
        div({}, card.more ?? ''),
        div(
          { color: card.synthetic ? WARN : MUTED, fontWeight: card.synthetic ? 700 : 400 },
          card.synthetic ? 'Synthetic demo data — not real model runs' : 'Recomputed from per-sample results',
        ),
      ),
    ),
  );
}

export async function socialCardPng(card: SocialCard): Promise<ArrayBuffer> {
  const fonts = socialCardFonts();
  const svg = await satori(cardTree(card, fonts) as Parameters<typeof satori>[0], { ...CARD_SIZE, fonts: fonts.fonts });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: CARD_SIZE.width } }).render().asPng();
  return png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer;
}

/**
 * The card's PNG, rasterised once per card content: the product cache keys it by the card (every
 * drawn string), the code and the lockfile (the fonts, satori and resvg are packages), so a build
 * where a board did not change reads its image instead of drawing it (≈ 0.1 s of CPU per card).
 */
export async function cachedSocialCardPng(card: SocialCard): Promise<Uint8Array<ArrayBuffer>> {
  const store = await productsByKey<null>('social-card', JSON.stringify(['social-card/1', card]), `${card.benchmark}/${card.title}`, async (put) => {
    put('png', new Uint8Array(await socialCardPng(card)));
    return null;
  });
  return new Uint8Array(store.read('png'));
}
