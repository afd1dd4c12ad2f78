import type { FormatHandler } from './types';

/** `score` CLI support for the latch format; null until that benchmark's issue lands. */
export const handler: FormatHandler | null = null;
