import type { NoShowDeps } from '../temporal/noshow';
import { getOrm, requireTemporal } from './services.server';

// The letter pages reach their use cases through this `.server` module, so the browser bundle
// never pulls in the ORM or the Temporal client behind them.
export {
  chooseLetterGp,
  editGpLetter,
  letterInbox,
  newGpLetterForm,
  printGpLetter,
  reviewGpLetter,
  startGpLetter,
} from '../domain/gp-letter/gp-letter.use-cases';
export { letterPdf } from '../domain/gp-letter/letter.pdf';
export {
  approveNoShowLetter,
  dispatchGpLetter,
  noShowContext,
  noShowState,
  rejectNoShowLetter,
  withdrawGpLetter,
} from '../temporal/noshow';

export async function noShowDeps(): Promise<NoShowDeps> {
  return { orm: await getOrm(), ...(await requireTemporal()) };
}
