import { Link, useLocation } from '@remix-run/react';
import { ChatBubbleIcon, Cross2Icon, EnterFullScreenIcon, PersonIcon, ReloadIcon } from '@radix-ui/react-icons';
import { Dialog, Tooltip } from 'radix-ui';
import { useEffect, useState } from 'react';
import { AssistantChat } from './assistant-chat';
import { useConversation } from './conversation';

export const pageComposerId = 'assistent-bericht';
const panelComposerId = 'assistent-paneel-bericht';

/** "Ctrl K", or "⌘ K" on a Mac: known only in the browser, so the server renders the first. */
export function useShortcutLabel(): string {
  const [label, setLabel] = useState('Ctrl K');
  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform)) setLabel('⌘ K');
  }, []);
  return label;
}

function isShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/**
 * The assistant from any page of the record: a button in the top bar (and Ctrl/⌘+K) opens it as a
 * side sheet. On the /assistent page itself the shortcut goes to the page's own message field.
 */
export function AssistantLauncher() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const { activePatient, messages, reset, streaming } = useConversation();
  const onAssistantPage = location.pathname === '/assistent';
  const shortcut = useShortcutLabel();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      if (onAssistantPage) document.getElementById(pageComposerId)?.focus();
      else setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onAssistantPage]);

  // Following a link from a block goes to that page: the sheet steps aside.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  if (onAssistantPage) return null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <Dialog.Trigger className="assistant-trigger" aria-keyshortcuts="Control+K Meta+K">
            <ChatBubbleIcon aria-hidden="true" />
            <span>Assistent</span>
            <kbd className="kbd">{shortcut}</kbd>
          </Dialog.Trigger>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="tooltip" sideOffset={6}>
            Vraag of dicteer wat er moet gebeuren{activePatient ? `, over ${activePatient.name}` : ''}.
            <Tooltip.Arrow className="tooltip-arrow" />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content
          className="sheet"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(panelComposerId)?.focus();
          }}
        >
          <header className="sheet-head">
            <div className="sheet-title">
              <span className="sheet-icon" aria-hidden="true">
                <ChatBubbleIcon />
              </span>
              <div>
                <Dialog.Title>Assistent</Dialog.Title>
                {activePatient ? (
                  <p className="sheet-context" data-testid="assistant-context">
                    <PersonIcon aria-hidden="true" /> Over <strong>{activePatient.name}</strong>
                  </p>
                ) : (
                  <p className="sheet-context muted">Geen patiënt geopend</p>
                )}
              </div>
            </div>
            <div className="sheet-actions">
              {messages.length > 0 ? (
                <button
                  type="button"
                  className="icon-button"
                  onClick={() => {
                    reset();
                    // The button disappears with the conversation; the message field is where to continue.
                    document.getElementById(panelComposerId)?.focus();
                  }}
                  disabled={streaming}
                  aria-label="Nieuw gesprek"
                  title="Nieuw gesprek"
                >
                  <ReloadIcon aria-hidden="true" />
                </button>
              ) : null}
              <Link to="/assistent" className="icon-button" aria-label="Open als volledige pagina" title="Open als volledige pagina">
                <EnterFullScreenIcon aria-hidden="true" />
              </Link>
              <Dialog.Close className="icon-button" aria-label="Sluiten" title="Sluiten (Esc)">
                <Cross2Icon aria-hidden="true" />
              </Dialog.Close>
            </div>
          </header>
          <AssistantChat variant="panel" composerId={panelComposerId} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
