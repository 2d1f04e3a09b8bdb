import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, NavLink, Outlet, useLoaderData, useLocation, useSubmit } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import {
  CalendarIcon,
  ChatBubbleIcon,
  ChevronDownIcon,
  EnvelopeClosedIcon,
  ExitIcon,
  GearIcon,
  Link2Icon,
  HamburgerMenuIcon,
  PersonIcon,
  ReaderIcon,
} from '@radix-ui/react-icons';
import { DropdownMenu, Tooltip } from 'radix-ui';
import { isClinicalRole, roleLabels } from '../../domain/auth/auth.schemas';
import { env } from '../../domain/config/env';
import { AssistantLauncher } from '../assistant/assistant-panel';
import { AssistantProvider } from '../assistant/conversation';
import { requireShellUser } from '../auth.server';
import { speechConfigured } from '../speech.server';
import { Logo } from '../components/logo';
import { useSessionWatch } from '../components/use-session-watch';

const clinicalNavigation = [
  { to: '/patients', label: 'Patiënten', icon: PersonIcon },
  { to: '/agenda', label: 'Agenda', icon: CalendarIcon },
  { to: '/overdracht', label: 'Overdracht', icon: ReaderIcon },
  { to: '/brieven', label: 'Brieven', icon: EnvelopeClosedIcon },
  { to: '/assistent', label: 'Assistent', icon: ChatBubbleIcon },
];

// The beheerder sees only what it may open: no patient data (ADR 0015).
const opsNavigation = [
  { to: '/beheer/workflows', label: 'Beheer', icon: GearIcon },
  { to: '/beheer/koppelingen', label: 'Koppelingen', icon: Link2Icon },
];

export async function loader({ request }: LoaderFunctionArgs) {
  // Any role, the beheerder only under /beheer/; the navigation below follows the role.
  const user = await requireShellUser(request);
  return {
    user: { displayName: user.displayName, email: user.email, role: user.role, organisation: user.organisationName },
    languageModelConfigured: Boolean(env().OPENAI_API_KEY),
    speechConfigured: speechConfigured(),
  };
}

function initials(name: string): string {
  return name
    .replace(/^(dr|drs|mr|ir)\.?\s+/i, '')
    .split(/\s+/)
    .filter((part) => /^[A-ZÀ-Ý]/.test(part))
    .map((part) => part[0])
    .slice(0, 2)
    .join('');
}

type NavigationItem = (typeof clinicalNavigation)[number];

function MainNavigation({ items }: { items: NavigationItem[] }) {
  return (
    <nav aria-label="Hoofdnavigatie">
      <ul className="nav-list">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} className={({ isActive }) => (isActive ? 'nav-link active' : 'nav-link')} prefetch="intent">
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function LogoutButton() {
  return (
    <Form method="post" action="/logout" className="sidebar-footer">
      <button type="submit" className="nav-link nav-button">
        <ExitIcon aria-hidden="true" />
        Uitloggen
      </button>
    </Form>
  );
}

/**
 * Below 900 px (a phone, or a desktop at 200 % zoom) the sidebar gives way to this menu button. A
 * disclosure works without JavaScript; with it, the menu also closes on Escape and after a
 * navigation, which would otherwise keep it open over the new page.
 */
function MenuButton({ items }: { items: NavigationItem[] }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);
  return (
    <details
      className="menu-disclosure"
      ref={menu}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !menu.current?.open) return;
        menu.current.open = false;
        menu.current.querySelector('summary')?.focus();
      }}
    >
      <summary className="menu-button">
        <HamburgerMenuIcon aria-hidden="true" />
        Menu
      </summary>
      <div className="menu-panel">
        <MainNavigation items={items} />
        <LogoutButton />
      </div>
    </details>
  );
}

export default function AppShell() {
  const { user, languageModelConfigured, speechConfigured } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  useSessionWatch();
  const clinician = isClinicalRole(user.role);
  const navigation = clinician ? clinicalNavigation : opsNavigation;

  return (
    <Tooltip.Provider delayDuration={200}>
      <AssistantProvider languageModelConfigured={languageModelConfigured} speechConfigured={speechConfigured}>
        <a href="#inhoud" className="skip-link">
          Naar de inhoud
        </a>
        <div className="shell">
          <aside className="sidebar">
            <Logo subtitle={user.organisation} />
            <MainNavigation items={navigation} />
            <LogoutButton />
          </aside>

          <div className="workspace">
            <header className="topbar">
              <div className="topbar-brand">
                <MenuButton items={navigation} />
                <Logo />
              </div>
              <div className="topbar-status">
                {languageModelConfigured ? null : (
                  <Tooltip.Root>
                    <Tooltip.Trigger asChild>
                      {/* A button, so the keyboard that reaches it for its explanation meets a control. */}
                      <button type="button" className="badge badge-warning badge-button" data-testid="no-language-model">
                        Geen taalmodel ingesteld
                      </button>
                    </Tooltip.Trigger>
                    <Tooltip.Portal>
                      <Tooltip.Content className="tooltip" sideOffset={6}>
                        De assistent werkt met lokale regels. Samenvattingen en herschreven brieven zijn eenvoudiger tot een taalmodel is
                        ingesteld.
                        <Tooltip.Arrow className="tooltip-arrow" />
                      </Tooltip.Content>
                    </Tooltip.Portal>
                  </Tooltip.Root>
                )}
              </div>
              <div className="topbar-actions">
                {clinician ? <AssistantLauncher /> : null}
                {/* Not modal: a modal menu hides the rest of the page from screen readers while its links stay focusable. */}
                <DropdownMenu.Root modal={false}>
                  {/* The visible name and role are part of the button's name (WCAG 2.5.3), after what it opens. */}
                  <DropdownMenu.Trigger className="user-button">
                    <span className="visually-hidden">Gebruikersmenu: </span>
                    <span className="avatar" aria-hidden="true">
                      {initials(user.displayName)}
                    </span>
                    <span className="user-text">
                      <span className="user-name">{user.displayName}</span>
                      <span className="user-role">{roleLabels[user.role]}</span>
                    </span>
                    <ChevronDownIcon aria-hidden="true" />
                  </DropdownMenu.Trigger>
                  <DropdownMenu.Portal>
                    <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
                      <DropdownMenu.Label className="menu-label">
                        <span className="user-name">{user.displayName}</span>
                        <span className="muted">{user.email}</span>
                        <span className="muted">
                          {roleLabels[user.role]} · {user.organisation}
                        </span>
                      </DropdownMenu.Label>
                      <DropdownMenu.Separator className="menu-separator" />
                      {/* Submitted from onSelect: the menu unmounts on select, which would cancel a nested form. */}
                      <DropdownMenu.Item className="menu-item" onSelect={() => submit(null, { method: 'post', action: '/logout' })}>
                        <ExitIcon aria-hidden="true" /> Uitloggen
                      </DropdownMenu.Item>
                    </DropdownMenu.Content>
                  </DropdownMenu.Portal>
                </DropdownMenu.Root>
              </div>
            </header>
            <main className="content" id="inhoud" tabIndex={-1}>
              <Outlet />
            </main>
          </div>
        </div>
      </AssistantProvider>
    </Tooltip.Provider>
  );
}
