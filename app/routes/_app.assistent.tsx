import type { MetaFunction } from '@remix-run/node';
import { ChatBubbleIcon } from '@radix-ui/react-icons';
import { EmptyState, PageHeader } from '../components/page';

export const meta: MetaFunction = () => [{ title: 'Assistent — GGZ-EPD' }];

export default function Page() {
  return (
    <>
      <PageHeader title="Assistent" description="Vraag of dicteer in gewone taal wat er moet gebeuren." />
      <EmptyState icon={<ChatBubbleIcon width={22} height={22} />} title="Nog geen gesprekken">
        <p>Typ bijvoorbeeld: “Maak een dagnotitie voor mevrouw Jansen.”</p>
      </EmptyState>
    </>
  );
}
