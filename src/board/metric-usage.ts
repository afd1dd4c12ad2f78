import { allBoards, boardPath } from './boards';

/** Boards that show a metric, as the primary or a secondary column. */
export async function metricUsage(id: string): Promise<{ title: string; href: string; role: 'primary' | 'secondary' }[]> {
  const out: { title: string; href: string; role: 'primary' | 'secondary' }[] = [];
  for (const b of await allBoards()) {
    if (b.kind === 'config') continue;
    const role = b.primary.def.id === id ? 'primary' : b.secondary.some((c) => c.def.id === id) ? 'secondary' : undefined;
    if (role) out.push({ title: `${b.benchmark} · ${b.title}`, href: boardPath(b), role });
  }
  return out;
}
