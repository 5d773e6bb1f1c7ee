/** The documented contract (docs/openapi.json) matches the zod schemas; UPDATE_DOCS=1 rewrites it. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../src/lib/xs-api/openapi';
import { operations } from '../../src/lib/xs-api/contract';

describe('OpenAPI document', () => {
  const doc = buildOpenApi();
  it('documents every operation once, the payment providers\' webhooks and the page-change feed', () => {
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => (o as { operationId: string }).operationId));
    expect(ids.sort()).toEqual([...Object.keys(operations), 'payment_webhook_sandbox', 'payment_webhook_stripe', 'page_changes'].sort());
  });
  it('docs/openapi.json is up to date', () => {
    const text = `${JSON.stringify(doc, null, 2)}\n`;
    if (process.env.UPDATE_DOCS === '1') fs.writeFileSync('docs/openapi.json', text);
    expect(fs.readFileSync('docs/openapi.json', 'utf8')).toBe(text);
  });
});
