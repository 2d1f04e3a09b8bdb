import type { LoaderFunctionArgs } from '@remix-run/node';
import { isoDay } from '../../domain/shared/clinical-time';
import { wardHandoverFor, wardHandoverPdf } from '../handover.server';

/** The ward handover as a PDF download, `?periode=&rol=` as on the page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const now = new Date();
  const { ward } = await wardHandoverFor(request, context, now);
  const pdf = await wardHandoverPdf(ward, now);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      // No patient data in the file name: it may end up in a downloads folder.
      'Content-Disposition': `attachment; filename="overdracht-afdeling-${isoDay(now)}-${ward.period.key}-${ward.role}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
