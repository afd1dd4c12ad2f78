/**
 * Finding where plain JSON string text stops, over bytes held in one shared WebAssembly memory:
 * a 16-byte SIMD compare (./wasm/string-stop.wat) instead of a JavaScript loop, which
 * measured ≈ 0.45 GB/s here, too slow for the multi-kilobyte prompt and response text
 * every record carries and that must still be checked byte by byte (no raw control character).
 *
 * The memory doubles as the line reader's chunk buffer (`arenaLineBuffer`), so the bytes are read
 * from the file straight into it and never copied. One reader at a time holds it.
 */
import type { LineBuffer } from './line-reader';

/** ./wasm/string-stop.wat compiled by wabt (tests/core/string-stop.test.ts rebuilds it and compares). */
export const STRING_STOP_WASM = 'AGFzbQEAAAABBwFgAn9/AX8DAgEABQMBAAEHFwIGbWVtb3J5AgAKc3RyaW5nU3RvcAAACo4BAYsBAgF7AX8CQANAIABBEGogAUsNASAA/QAAACECIAJBIv0P/SMgAkHcAP0P/SP9UCACQSD9D/0m/VD9ZCEDIAMEQCAAIANoag8LIABBEGohAAwACwsCQANAIAAgAU8NASAALQAAIQMgA0EiRiADQdwARnIgA0EgSXIEQCAADwsgAEEBaiEADAALCyABCw==';

const PAGE = 1 << 16;

interface Kernel {
  memory: WebAssembly.Memory;
  stringStop: (p: number, end: number) => number;
}

let kernel: Kernel | null | undefined;

function load(): Kernel | null {
  if (kernel !== undefined) return kernel;
  try {
    const module = new WebAssembly.Module(Buffer.from(STRING_STOP_WASM, 'base64'));
    const exports = new WebAssembly.Instance(module).exports as unknown as Kernel;
    kernel = { memory: exports.memory, stringStop: exports.stringStop };
  } catch {
    kernel = null; // no WebAssembly SIMD (e.g. --jitless): the JavaScript loop below
  }
  return kernel;
}

/** The same answer as the kernel, one byte at a time. */
export function stringStopJs(buf: Uint8Array, p: number, end: number): number {
  for (let i = p; i < end; i++) {
    const b = buf[i]!;
    if (b === 0x22 || b === 0x5c || b < 0x20) return i;
  }
  return end;
}

let view: Buffer | undefined;
let held = false;

/**
 * A line buffer in the kernel's memory. `stringStop` below is only valid on the Buffer it last
 * returned (growing the memory moves it); `release` frees it for the next reader.
 */
export function arenaLineBuffer(): (LineBuffer & { release(): void }) | undefined {
  const k = load();
  if (!k || held) return undefined; // a nested reader gets an ordinary buffer
  held = true;
  return {
    get(size: number): Buffer {
      const have = k.memory.buffer.byteLength;
      if (have < size) k.memory.grow(Math.ceil((size - have) / PAGE));
      if (!view || view.buffer !== k.memory.buffer) view = Buffer.from(k.memory.buffer);
      return view;
    },
    release() {
      held = false;
    },
  };
}

/**
 * The first index in [p, end) of a quote, a backslash or a control byte (< 0x20) in `buf`, or
 * `end`. Runs the kernel when `buf` is its memory, else the JavaScript loop.
 */
export function stringStop(buf: Buffer, p: number, end: number): number {
  return stringStopFor(buf)(p, end);
}

/** `stringStop` bound to one buffer, for a scan that calls it thousands of times (no per-call check of the buffer). */
export function stringStopFor(buf: Buffer): (p: number, end: number) => number {
  return kernel && buf.buffer === kernel.memory.buffer && buf.byteOffset === 0 ? kernel.stringStop : (p, end) => stringStopJs(buf, p, end);
}
