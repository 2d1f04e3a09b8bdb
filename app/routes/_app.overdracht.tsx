import type { MetaFunction } from '@remix-run/node';
import { ReaderIcon } from '@radix-ui/react-icons';
import { EmptyState, PageHeader } from '../components/page';

export const meta: MetaFunction = () => [{ title: 'Overdracht — GGZ-EPD' }];

export default function Page() {
  return (
    <>
      <PageHeader title="Overdracht" description="Wat de volgende dienst moet weten, per patiënt." />
      <EmptyState icon={<ReaderIcon width={22} height={22} />} title="Er is nog niets over te dragen">
        <p>Rapportages die voor de overdracht zijn gemarkeerd, verschijnen hier met hun bron.</p>
      </EmptyState>
    </>
  );
}
