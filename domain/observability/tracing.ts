import { trace, type Attributes, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, NoopSpanProcessor, type ReadableSpan, type Span, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { Context } from '@opentelemetry/api';
import { createRequire } from 'node:module';

/*
 * Traces (ADR 0086): web request → Temporal client → workflow → activity → SQL, one trace id,
 * exported over OTLP/HTTP only when OTEL_EXPORTER_OTLP_ENDPOINT is set. Unset, nothing is
 * registered: the OpenTelemetry API stays its no-op and costs nothing.
 *
 * What leaves the process passes `redacted` first: span attributes on an allowlist, SQL with its
 * literals replaced, no exception messages or status messages (they can quote what failed), no
 * Temporal workflow ids (`handover-<patientId>-…`).
 */

export interface Tracing {
  enabled: boolean;
  /** Where every span ends: the provider's, and the workflow spans the worker's sink hands on. */
  spanProcessor: SpanProcessor;
  resource: Resource;
  shutdown(): Promise<void>;
}

/** Attribute keys a span may carry out of the process. Anything else is dropped. */
const allowedAttributes = new Set([
  'http.request.method',
  'http.route',
  'http.response.status_code',
  'db.system',
  'db.name',
  'db.user',
  'db.statement',
  'db.operation',
  'net.peer.name',
  'net.peer.port',
  // A run id is a random UUID (unlike a workflow id): lets ops open the run in Temporal's UI.
  'temporalRunId',
]);

/** Literals out of SQL: string, dollar-quoted and numeric constants become `?`; placeholders stay. */
export function obfuscateSql(statement: string): string {
  return statement
    .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, '?')
    .replace(/[EeXxBbUu]?'(?:[^']|'')*'/g, '?')
    .replace(/(?<![\w$.])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\b/g, '?')
    .slice(0, 4000);
}

function redactedAttributes(attributes: Attributes): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (!allowedAttributes.has(key)) continue;
    kept[key] = key === 'db.statement' && typeof value === 'string' ? obfuscateSql(value) : value;
  }
  return kept;
}

/** The span as it may leave the process. */
export function redacted(span: ReadableSpan): ReadableSpan {
  return {
    name: span.name,
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanId: span.parentSpanId,
    startTime: span.startTime,
    endTime: span.endTime,
    // The code only: an error's message can name what it failed on.
    status: { code: span.status.code },
    attributes: redactedAttributes(span.attributes),
    links: span.links.map((link) => ({ context: link.context })),
    events: span.events.map((event) => ({
      name: event.name,
      time: event.time,
      attributes: typeof event.attributes?.['exception.type'] === 'string' ? { 'exception.type': event.attributes['exception.type'] } : {},
    })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationLibrary: span.instrumentationLibrary,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** Hands `inner` only redacted spans. */
export class RedactingSpanProcessor implements SpanProcessor {
  constructor(private readonly inner: SpanProcessor) {}
  onStart(span: Span, parentContext: Context): void {
    this.inner.onStart(span, parentContext);
  }
  onEnd(span: ReadableSpan): void {
    this.inner.onEnd(redacted(span));
  }
  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
}

/**
 * Starts tracing for this process when an OTLP endpoint is configured. Call before the first
 * `pg` query: the instrumentation patches pg's client, which the ORM then uses.
 * `processor` replaces the OTLP exporter (tests).
 */
export function startTracing(serviceName: string, options: { endpoint?: string; processor?: SpanProcessor } = {}): Tracing {
  const resource = new Resource({ 'service.name': serviceName });
  const endpoint = options.endpoint ?? process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint && !options.processor) {
    return { enabled: false, spanProcessor: new NoopSpanProcessor(), resource, shutdown: () => Promise.resolve() };
  }
  // OTLPTraceExporter reads OTEL_EXPORTER_OTLP_ENDPOINT (and its headers, timeout) itself.
  const spanProcessor = new RedactingSpanProcessor(options.processor ?? new BatchSpanProcessor(new OTLPTraceExporter()));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  // AsyncLocalStorage context and the W3C traceparent propagator.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    // No statement parameters (enhancedDatabaseReporting), no query spans outside a trace.
    instrumentations: [new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true })],
  });
  // The ORM imports pg as an ES module, which the require hook does not see; loading it once through
  // require patches pg's Client and Pool prototypes, which the ES module shares.
  createRequire(import.meta.url)('pg');
  return { enabled: true, spanProcessor, resource, shutdown: () => provider.shutdown() };
}

export const tracer = (): Tracer => trace.getTracer('ggz-epd');
