import { describe, expect, it } from 'vitest';
import { PUBLISHED_SCHEMAS, jsonSchemaOf } from '../../src/registry/json-schemas';

describe('published JSON Schemas', () => {
  it('one per accepted format, generated deterministically from zod', () => {
    expect(PUBLISHED_SCHEMAS.map((s) => s.name)).toEqual(['submission', 'review', 'model', 'medvision-reference', 'medvision-record', 'latch-reference', 'latch-eval', 'latch-result', 'clinicalbench-episodes', 'clinicalbench-reference', 'task-record', 'board', 'api-manifest', 'api-model', 'api-submission', 'api-samples', 'sources']);
    for (const s of PUBLISHED_SCHEMAS) {
      const a = jsonSchemaOf(s.name, 'https://x.test');
      expect(a.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(a.$id).toBe(`https://x.test/schemas/${s.name}.json`);
      expect(a.type).toBe('object');
      expect(JSON.stringify(jsonSchemaOf(s.name, 'https://x.test'))).toBe(JSON.stringify(a));
    }
  });
  it('the submission schema says what is required and never asks to publish the contact', () => {
    const s = jsonSchemaOf('submission') as { required: string[]; properties: Record<string, { properties?: Record<string, { description?: string }> }> };
    expect(s.required).toEqual(expect.arrayContaining(['id', 'benchmark', 'model', 'submitted_at', 'submitter', 'harness', 'disclosures']));
    expect(s.required).not.toContain('review');
    expect(s.properties.submitter!.properties!.contact!.description).toMatch(/Never published/);
  });
});
