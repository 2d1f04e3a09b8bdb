import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireUser } from '../auth.server';
import { letterPdf, printGpLetter } from '../noshow.server';
import { pageData } from '../page.server';
import { actorFor, perform } from '../tenant.server';

/** The verzendklare letter as a PDF download (409 before it is ready, 404 for another organisation's). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const actor = actorFor(user, context, 'web');
  const id = params.letterId ?? '';
  const document = await pageData(perform(actor, printGpLetter, { letterId: id }));
  const pdf = await letterPdf(document);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      // The file name carries no patient data: it may end up in a downloads folder or a mail.
      'Content-Disposition': `attachment; filename="huisartsbrief-${document.dispatchedAt.slice(0, 10)}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
