import { SpanKind, SpanStatusCode, TraceFlags } from '@opentelemetry/api';
import { Resource } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { obfuscateSql, redacted } from './tracing';

describe('obfuscateSql', () => {
  it('replaces string, dollar-quoted and numeric literals, and keeps placeholders and names', () => {
    expect(obfuscateSql("select set_config('app.tenant_token', 'abc''def', true), t0.x1 from p as t0 where t0.id = $1 limit 50")).toBe(
      'select set_config(?, ?, true), t0.x1 from p as t0 where t0.id = $1 limit ?',
    );
    expect(obfuscateSql("insert into n (tekst) values ($tag$Jan de Vries$tag$, E'BSN 123456782', -4.5e3)")).toBe(
      'insert into n (tekst) values (?, ?, ?)',
    );
  });
});

describe('redacted spans', () => {
  const span: ReadableSpan = {
    name: 'RunWorkflow:handover',
    kind: SpanKind.INTERNAL,
    spanContext: () => ({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: TraceFlags.SAMPLED }),
    startTime: [1, 0],
    endTime: [2, 0],
    status: { code: SpanStatusCode.ERROR, message: 'Patiënt Jan de Vries niet gevonden' },
    attributes: {
      temporalWorkflowId: 'handover-5b0f9c1e-patient-1d',
      temporalRunId: '0d9c2a6e-6d0f-4f55-9d2e-1a3b4c5d6e7f',
      'db.statement': "select * from patients where name = 'Jan'",
      'db.system': 'postgresql',
      memo: '{"patientId":"5b0f9c1e"}',
    },
    links: [],
    events: [
      {
        name: 'exception',
        time: [1, 5],
        attributes: { 'exception.type': 'NotFound', 'exception.message': 'Jan de Vries', 'exception.stacktrace': 'at …' },
      },
    ],
    duration: [1, 0],
    ended: true,
    resource: new Resource({ 'service.name': 'ggz-worker' }),
    instrumentationLibrary: { name: 'test' },
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };

  it('keeps only allowlisted attributes, SQL without literals, and no error message', () => {
    const out = redacted(span);
    expect(out.attributes).toEqual({
      temporalRunId: '0d9c2a6e-6d0f-4f55-9d2e-1a3b4c5d6e7f',
      'db.statement': 'select * from patients where name = ?',
      'db.system': 'postgresql',
    });
    expect(out.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(out.events).toEqual([{ name: 'exception', time: [1, 5], attributes: { 'exception.type': 'NotFound' } }]);
    expect(out.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(JSON.stringify({ ...out, resource: undefined })).not.toMatch(/Jan|5b0f9c1e/);
  });
});
