import { apiRoute } from '../http.server';

/**
 * The old path of a dose's effect (ADR 0070): medication has one API stem now,
 * `/api/medication/administrations/{id}/effect`. 308 keeps the method and the body.
 */
const moved = apiRoute(async ({ request, params }) => {
  const url = new URL(request.url);
  const target = `/api/medication/administrations/${encodeURIComponent(params.id ?? '')}/effect${url.search}`;
  return new Response(null, { status: 308, headers: { Location: target, 'Cache-Control': 'no-store' } });
});

export const loader = moved;
export const action = moved;
