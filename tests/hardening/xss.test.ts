import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/ingest/submission/markdown';
import { submissionSchema } from '../../src/core/submission-schema';
import { taskReviewView } from '../../src/board/tasks-view';
import { dangers, XSS_MARKDOWN, XSS_TEXT } from './xss-corpus';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z]{2,}/;

describe('submitted markdown goes through the real sanitiser', () => {
  it.each(XSS_MARKDOWN)('%s', (payload) => {
    const html = renderMarkdown(`Review.\n\n${payload}\n\nEnd.`);
    expect(dangers(html), html).toEqual([]);
    expect(html).not.toMatch(EMAIL);
  });

  it('keeps ordinary markdown: emphasis, lists, tables, code, http links with rel', () => {
    const html = renderMarkdown('**b** _i_\n\n- a\n- b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n`c`\n\n[site](https://example.org/a)');
    expect(html).toContain('<strong>b</strong>');
    expect(html).toContain('<table>');
    expect(html).toContain('<code>c</code>');
    expect(html).toContain('<a href="https://example.org/a" rel="nofollow ugc noopener noreferrer">site</a>');
  });
});

describe('submitted plain text', () => {
  const base = {
    id: 'x', benchmark: 'medvision', model: { name: 'm', org: 'o', weights: 'open' }, submitted_at: '2026-01-01',
    submitter: { name: 's' }, harness: { name: 'h', version: '1' }, disclosures: { contamination: 'no' }, review: { status: 'under_review', revision: 1 },
  };
  it.each(XSS_TEXT.filter((t) => /[<>]/.test(t)))('model name and org with markup are refused: %s', (t) => {
    expect(submissionSchema.safeParse({ ...base, model: { ...base.model, name: t } }).success).toBe(false);
    expect(submissionSchema.safeParse({ ...base, model: { ...base.model, org: t } }).success).toBe(false);
  });
  it('model.url must be http(s)', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd']) {
      expect(submissionSchema.safeParse({ ...base, model: { ...base.model, url } }).success).toBe(false);
    }
  });
  it('a task record review is sanitised and the e-mail dropped', () => {
    const view = taskReviewView({
      id: 't',
      files: [],
      findings: [],
      record: {
        submission_id: 's', submission_status: 'under_review', submitter_name: XSS_TEXT[0], submitter_email: 'victim@example.com',
        task: { task_short_name: XSS_TEXT[2]!, task_description: 'mail victim@example.com' }, files: [],
        deep_review: { overall_verdict: 'Accept', review_text: XSS_MARKDOWN.join('\n\n') },
      },
    })!;
    expect(dangers(view.review!.html)).toEqual([]);
    expect(JSON.stringify(view)).not.toMatch(EMAIL);
  });
});
