import type { MetaFunction } from '@remix-run/node';
import { PersonIcon } from '@radix-ui/react-icons';
import { EmptyState, PageHeader } from '../components/page';

export const meta: MetaFunction = () => [{ title: 'Patiënten — GGZ-EPD' }];

export default function Page() {
  return (
    <>
      <PageHeader title="Patiënten" description="Zoek, filter en open de dossiers van uw afdeling." />
      <EmptyState icon={<PersonIcon width={22} height={22} />} title="Er zijn nog geen patiënten geregistreerd">
        <p>Nieuwe opnames verschijnen hier, nieuwste wijziging bovenaan.</p>
      </EmptyState>
    </>
  );
}
