import { resolve } from 'node:path';
import { readTaskFolder } from './read';
import { checkFolderSafety } from '../submission/safety';
import type { SubmissionReport } from '../submission/types';

/** A task record folder (`results/tasks/<id>/`): safe files, a record in seed 003's shape. */
export function checkTaskFolder(dir: string): Partial<SubmissionReport> {
  const safety = checkFolderSafety(dir, resolve(dir, '..', '..'));
  const findings = [...safety.findings];
  const facts: SubmissionReport['facts'] = [];
  if (safety.safeToRead) {
    const folder = readTaskFolder(dir, dir);
    findings.push(...folder.findings);
    if (folder.record) {
      facts.push({ label: 'Task', value: folder.record.task.task_short_name });
      for (const cat of ['input_materials', 'reference_output'] as const) {
        const files = folder.files.filter((f) => f.category === cat);
        facts.push({ label: cat, value: `${files.length} file(s), ${files.filter((f) => f.sizeOnDisk !== undefined).length} bundled` });
      }
    }
  }
  return { findings, facts };
}
