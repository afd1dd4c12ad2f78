import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** `src/core/wasm/<name>` compiled by wabt (SIMD on), as the base64 a kernel module embeds. */
export async function compiledWat(name: string): Promise<string> {
  const wabt = await (await import('wabt')).default();
  const source = readFileSync(join(import.meta.dirname, '../../src/core/wasm', name), 'utf8');
  const module = wabt.parseWat(name, source, { simd: true });
  try {
    return Buffer.from(module.toBinary({}).buffer).toString('base64');
  } finally {
    module.destroy();
  }
}
