import type { MetaFunction } from '@remix-run/node';
import { CalendarIcon } from '@radix-ui/react-icons';
import { EmptyState, PageHeader } from '../components/page';

export const meta: MetaFunction = () => [{ title: 'Agenda — GGZ-EPD' }];

export default function Page() {
  return (
    <>
      <PageHeader title="Agenda" description="Afspraken per dag, week of werkweek." />
      <EmptyState icon={<CalendarIcon width={22} height={22} />} title="Er staan geen afspraken gepland">
        <p>Geplande afspraken van uw afdeling verschijnen hier.</p>
      </EmptyState>
    </>
  );
}
