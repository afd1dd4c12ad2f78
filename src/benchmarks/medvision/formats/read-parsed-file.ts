import { medvisionRecordSchema } from './record-schema';
import { readRecords, type ParsedFile, type ReadOptions, type RecordValidator } from './read-records';
import type { TaskType } from '../scorer/sample';

export type { MedvisionSample, ParsedFile, ReadOptions } from './read-records';

/** The zod schema as the reader's full check: its issues are the located messages. */
export const validateWithSchema: RecordValidator = (record) => {
  const parsed = medvisionRecordSchema.safeParse(record);
  return parsed.success ? { ok: true, record: parsed.data } : { ok: false, issues: parsed.error.issues };
};

/**
 * Read one parsed JSONL file. Every line becomes a sample or a located finding
 * (`file:line $.path: message`); nothing is dropped silently.
 */
export function readParsedFile(file: string, displayPath: string, taskType: TaskType, opts: ReadOptions = {}): ParsedFile {
  return readRecords(file, displayPath, taskType, opts, validateWithSchema);
}
