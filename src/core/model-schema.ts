/**
 * The model registry: `models/<id>.json`, one file per model, owned by the maintainers (like
 * `reviews/`). A submission names a registered id (`"model": "<id>"`); name, organisation,
 * weights, parameters, licence, release date and links come from here, never from the submitter's
 * folder. "unknown" is a value, shown as such.
 */
import { z } from 'zod';
import { httpUrl } from './http-url-schema';
import { safeId } from './submission-schema';

/** A display name: no markup, no control or invisible (default-ignorable) characters, at least one letter or digit. */
export const modelName = z
  .string()
  .min(1)
  .max(120)
  // eslint-disable-next-line no-control-regex -- rejects control characters on purpose
  .refine((s) => !/[<>\u0000-\u001f\u007f]/.test(s), 'must not contain "<", ">" or control characters')
  .refine((s) => !/\p{Default_Ignorable_Code_Point}/u.test(s), 'must not contain invisible characters (zero-width spaces, joiners, variation selectors, …)')
  .refine((s) => s.trim() === s, 'must not start or end with white space')
  .refine((s) => /[\p{L}\p{N}]/u.test(s.normalize('NFKC')), 'must contain a letter or a digit');

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected an ISO date (YYYY-MM-DD) or "unknown"');
const orUnknown = <T extends z.ZodType>(t: T) => z.union([z.literal('unknown'), t]);

export const modelWeights = z.enum(['open', 'closed', 'n/a']).describe('"n/a" for rule-based agents that have no weights');

export const modelRecordSchema = z
  .strictObject({
    $schema: z.string().optional(),
    id: safeId.describe('Must equal the file name: models/<id>.json; what submissions name in "model"'),
    name: modelName.describe('Display name, e.g. "Llama-3.1-8B-Instruct"'),
    org: modelName.describe('Organisation that released the model'),
    weights: modelWeights,
    params: orUnknown(z.string().min(1).max(40).regex(/^[^<>]*$/, 'must not contain "<" or ">"')).optional().describe('e.g. "7B", or "unknown"'),
    licence: orUnknown(z.string().min(1).max(120).regex(/^[^<>]*$/, 'must not contain "<" or ">"')).optional().describe('SPDX id or licence name, or "unknown"'),
    release_date: orUnknown(isoDate).optional().describe('YYYY-MM-DD, or "unknown"'),
    links: z
      .strictObject({ model_card: httpUrl.optional(), paper: httpUrl.optional(), code: httpUrl.optional() })
      .optional(),
    aliases: z
      .array(modelName)
      .max(20)
      .optional()
      .describe('Other names the model goes by in result files (an episode\'s agent, a run\'s model name); unique across the registry after NFKC, case and confusable folding'),
    /** Fictional model of the bundled demo data. */
    synthetic: z.boolean().optional(),
  })
  .describe('evalboard model registry entry: models/<id>.json (maintainer-owned)');

export type ModelRecord = z.infer<typeof modelRecordSchema>;
export type ModelWeights = z.infer<typeof modelWeights>;

/** Every name a model answers to: its name, its id and its aliases. */
export const namesOf = (m: Pick<ModelRecord, 'id' | 'name' | 'aliases'>): string[] => [...new Set([m.name, m.id, ...(m.aliases ?? [])])];
