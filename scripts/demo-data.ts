// npm run demo-data — regenerate the bundled synthetic submissions under results/.
// Each benchmark's demo writer lives in its own folder (src/benchmarks/<id>/demo/); output is deterministic.
import { join } from 'node:path';
import { BENCHMARKS } from '../src/benchmarks';

const root = join(import.meta.dirname, '..');
for (const b of BENCHMARKS) b.demo?.write({ resultsRoot: join(root, 'results'), reviewsRoot: join(root, 'reviews'), modelsRoot: join(root, 'models') });
