import type { AnyUseCase } from '../../../domain/audit/use-case';
import type { SignedIn } from '../../support/factories';

/**
 * How one use case is reached through each of its doors (ADR 0068): the API, a record page's form
 * or loader, the assistant, a worker. `use-case-doors.int.test.ts` runs every door on fresh data
 * and compares the access-log rows they leave: one use case, one description of its access.
 */
export interface DoorCase<Arranged extends { patientId: string } = { patientId: string } & Record<string, string>> {
  useCase: AnyUseCase;
  /**
   * Fresh data for one pass through one door, in the clinician's organisation; its patient is the one
   * the rows must name. A use case about no patient (a speech token) arranges `patientId: ''`: its rows are the clinician's.
   */
  arrange: (clinician: SignedIn) => Promise<Arranged>;
  /** Each door does the use case once and returns the HTTP status it answered (or 0 where there is none). */
  doors: Record<string, (clinician: SignedIn, arranged: Arranged) => Promise<number>>;
  /** The role that runs it (a verpleegkundige unless told). */
  role?: SignedIn['user']['role'];
  /**
   * A use case whose rows name no patient known beforehand (a registration, a koppeling's token):
   * the rows compared are those this actor (a user or koppeling id) left, not those naming the patient.
   */
  rowsBy?: (clinician: SignedIn, arranged: Arranged) => string;
}

/** A door's status, for doors that answer a Response. */
export const statusOf = async (response: Promise<Response>): Promise<number> => (await response).status;

export const doorCase = <Arranged extends { patientId: string }>(c: DoorCase<Arranged>) => c as unknown as DoorCase;
