import type { ActionFunctionArgs } from '@remix-run/node';
import { issueToken, OAuthError } from '../../domain/koppeling/koppeling.service';
import { tokenPath } from '../../domain/koppeling/smart';
import { errorResponse, methodNotAllowed } from '../http.server';
import { getOrm } from '../services.server';

const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** The OAuth token endpoint of SMART Backend Services: a form in, a short-lived bearer token out (RFC 6749 §4.4, §5). */
export async function action({ request, context }: ActionFunctionArgs): Promise<Response> {
  if (request.method !== 'POST') return errorResponse(methodNotAllowed(['POST']));
  try {
    if (!/^application\/x-www-form-urlencoded/i.test(request.headers.get('content-type') ?? ''))
      throw new OAuthError('invalid_request', 'Stuur het tokenverzoek als formulier (application/x-www-form-urlencoded).');
    const form = Object.fromEntries(new URLSearchParams(await request.text()));
    const token = await issueToken(await getOrm(), form, new URL(tokenPath, request.url).toString(), context.clientAddress ?? null);
    return Response.json(token, { headers: noStore });
  } catch (error) {
    if (!(error instanceof OAuthError)) return errorResponse(error);
    return Response.json(
      { error: error.error, error_description: error.description },
      {
        status: error.status,
        headers: { ...noStore, ...(error.status === 401 ? { 'WWW-Authenticate': 'Bearer realm="GGZ-EPD FHIR"' } : {}) },
      },
    );
  }
}

export const loader = async () => errorResponse(methodNotAllowed(['POST']));
