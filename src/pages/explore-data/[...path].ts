// The explorer units' data documents (`/explore-data/<benchmark>/<unit>.json` and each entry's long
// texts), fetched by the unit pages on demand. A build records them for linking from the product
// cache after the pages (`publishExplorerData`) and routes none; the dev server serves them here.
import type { APIRoute } from 'astro';
import { explorerPages, publishExplorerData, type ExplorerFile } from '../../board/explorer';

export async function getStaticPaths() {
  if (!import.meta.env.DEV) {
    await publishExplorerData();
    return [];
  }
  const files: ExplorerFile[] = [];
  for (const head of await explorerPages()) files.push(...(await head.files()));
  return files.map((file) => ({ params: { path: file.path.slice('explore-data/'.length) }, props: { file } }));
}

export const GET: APIRoute = ({ props }) => {
  const { file } = props as { file: ExplorerFile };
  return new Response(new Uint8Array(file.bytes()), { headers: { 'Content-Type': 'application/json' } });
};
