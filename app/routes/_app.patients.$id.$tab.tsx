import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { requireUser } from '../auth.server';
import { EmptyState } from '../components/page';

// Tabs of the record that later parts of the product fill; each gets its own route then.
const tabs: Record<string, { title: string; text: string }> = {
  overdracht: { title: 'Niets over te dragen', text: 'Voor de overdracht gemarkeerde rapportages verschijnen hier met hun bron.' },
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const tab = tabs[params.tab ?? ''];
  if (!tab) throw Response.json({ message: 'Dit onderdeel van het dossier bestaat niet.' }, { status: 404 });
  return tab;
}

export default function PendingTab() {
  const tab = useLoaderData<typeof loader>();
  return (
    <EmptyState title={tab.title}>
      <p>{tab.text}</p>
    </EmptyState>
  );
}
