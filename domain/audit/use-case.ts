import type { EntityManager, MikroORM } from '../db/orm';
import { asDomainError } from '../db/db-errors';
import { tenantOf, withTenant } from '../db/tenant';
import { AppError } from '../shared/errors';
import { isUuid, uuidOrNull } from '../shared/ids';
import { parseOrThrow, type z } from '../shared/validation';
import type { AuditAction, AuditOutcome } from './audit.entity';
import { recordAudit, type AuditActor } from './audit.service';

/** One row of the access log a use case writes, beyond what the declaration already says. */
export interface AccessOf {
  /** The resource read or written; omitted: the one the input names (`resourceOf`). */
  resourceId?: string | null;
  /** The patients whose data it was; omitted: the declaration's `patients`. */
  patientIds?: string[];
  details?: Record<string, unknown>;
  /** A use case that also reads another kind of record (a handover reads reports) logs it as its own row. */
  action?: AuditAction;
  resourceType?: string;
}

/**
 * A use case, declared once beside its service (ADR 0068): how its access is logged (NEN 7513), who
 * may run it, what its input is, and the function. Every door (an API route, a page's loader or
 * action, the assistant, a worker's activity) runs it through `runUseCase`, so the access log of
 * one use case is the same whichever door a clinician came in by.
 */
export interface UseCase<Input, Output> {
  /** "bvc.correct": the area and the verb, unique; the door-comparison test lists use cases by it. */
  readonly name: string;
  readonly action: AuditAction;
  readonly resourceType: string;
  /**
   * The patients the access concerns, derived from the data in the actor's organisation (a score's
   * patient, not the page's): both a success and a refused or failed attempt name them. Another
   * organisation's resource is invisible here (RLS), so its attempt names nobody.
   */
  readonly patients: (em: EntityManager, input: Input) => readonly string[] | Promise<readonly string[]>;
  /** The resource the input names (an update's score, a read's patient), for the log's resource id; not a uuid: none. */
  readonly resourceOf?: (input: Input) => string | null | undefined;
  /** Who may run it: anyone else gets a 403 with `refusal` and a `denied` row, before anything is read. */
  readonly allowed?: (actor: AuditActor) => boolean;
  readonly refusal?: string;
  /** Parses the door's raw input first (a 400 with field messages, and a `failure` row). */
  readonly input?: z.ZodType<Input>;
  readonly run: (em: EntityManager, actor: AuditActor, input: Input) => Promise<Output>;
  /**
   * The success rows, from the result: a created resource's id, the patients a search found, a
   * correction's detail. Omitted: one row with the input's resource and `patients`. An empty list
   * logs nothing (a search with no patient to name writes its own row through `details`).
   */
  readonly logged?: (result: Output, input: Input) => AccessOf | AccessOf[];
  /** What a refused or failed attempt's row says beside its reason (the provider a token was asked of); omitted: only the reason. */
  readonly attemptDetails?: (input: Input) => Record<string, unknown>;
}

/** Declares a use case; the identity function, for the types and so every declaration reads the same. */
export const defineUseCase = <Input, Output>(useCase: UseCase<Input, Output>): UseCase<Input, Output> => useCase;

/** Any use case, for lists of them (the door-comparison test). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyUseCase = UseCase<any, any>;

const validated = <Input, Output>(useCase: UseCase<Input, Output>, input: Input): Input =>
  useCase.input ? parseOrThrow(useCase.input, input) : input;

/**
 * Runs a use case inside a unit of work the caller already holds (an assistant's step in its
 * only-once transaction): the permission, the input, the function and its success rows. A refusal
 * or failure is the caller's to log, with `attemptRow` of the same declaration.
 */
export async function runUseCaseWithin<Input, Output>(
  em: EntityManager,
  actor: AuditActor,
  useCase: UseCase<Input, Output>,
  raw: Input,
): Promise<Output> {
  if (useCase.allowed && !useCase.allowed(actor)) throw AppError.forbidden(useCase.refusal);
  const input = validated(useCase, raw);
  const result = await useCase.run(em, actor, input);
  const rows = useCase.logged ? useCase.logged(result, input) : {};
  for (const row of Array.isArray(rows) ? rows : [rows]) {
    recordAudit(em, actor, {
      action: row.action ?? useCase.action,
      resourceType: row.resourceType ?? useCase.resourceType,
      resourceId: row.resourceId !== undefined ? row.resourceId : uuidOrNull(useCase.resourceOf?.(input)),
      patientIds: row.patientIds ?? [...(await useCase.patients(em, input))],
      details: row.details,
    });
  }
  return result;
}

/** The row of a refused or failed attempt, naming the patients the data says it concerned. */
export async function recordAttempt<Input, Output>(
  em: EntityManager,
  actor: AuditActor,
  useCase: UseCase<Input, Output>,
  input: Input,
  error: unknown,
): Promise<void> {
  const outcome: AuditOutcome =
    error instanceof AppError && (error.code === 'forbidden' || error.code === 'unauthorized') ? 'denied' : 'failure';
  // The input may be what failed to parse: its patients are looked up as far as it allows.
  const patientIds = await Promise.resolve()
    .then(() => useCase.patients(em, input))
    .catch(() => [] as readonly string[]);
  let resourceId: string | null = null;
  try {
    resourceId = uuidOrNull(useCase.resourceOf?.(input));
  } catch {
    resourceId = null;
  }
  let details: Record<string, unknown> | undefined;
  try {
    details = useCase.attemptDetails?.(input);
  } catch {
    details = undefined;
  }
  recordAudit(em, actor, {
    action: useCase.action,
    resourceType: useCase.resourceType,
    resourceId,
    patientIds: [...patientIds],
    outcome,
    details: { ...details, reason: error instanceof AppError ? error.code : 'internal' },
  });
}

/**
 * Runs one use case for the actor's organisation, in its own transaction (RLS): the permission,
 * the input, the function, the success rows; on a refusal or failure the use case's work is rolled
 * back and the attempt is logged in a transaction of its own. Database errors come out as the
 * domain's (a conflict is a 409), so every door maps them the same way.
 */
export async function runUseCase<Input, Output>(
  orm: MikroORM,
  actor: AuditActor,
  useCase: UseCase<Input, Output>,
  input: Input,
): Promise<Output> {
  try {
    return await withTenant(orm, tenantOf(actor), (em) => runUseCaseWithin(em, actor, useCase, input));
  } catch (thrown) {
    const error = asDomainError(thrown);
    await withTenant(orm, tenantOf(actor), (em) => recordAttempt(em, actor, useCase, input, error)).catch(() => undefined);
    throw error;
  }
}

/** The patient a patient-scoped use case names (`/patients/:id/...`): an id that is no uuid names nobody. */
export const thePatient = ({ patientId }: { patientId: string }): string[] => (isUuid(patientId) ? [patientId] : []);
