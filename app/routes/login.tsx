import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react';
import { Label } from 'radix-ui';
import { homePath, safeRedirect } from '../../domain/auth/auth.schemas';
import { env } from '../../domain/config/env';
import { AppError } from '../../domain/shared/errors';
import { getCurrentUser, sessionCookieHeader, signIn } from '../auth.server';
import { Logo } from '../components/logo';

export const meta: MetaFunction = () => [{ title: 'Inloggen — GGZ-EPD' }];

const notices: Record<string, string> = {
  verlopen: 'Je sessie is verlopen. Log opnieuw in om verder te werken.',
  uitgelogd: 'Je bent uitgelogd.',
};

// A throttled login keeps its Retry-After on the page response too, not only on the data request.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? new Headers({ 'Retry-After': retryAfter }) : new Headers();
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const user = await getCurrentUser(request);
  if (user) throw redirect(safeRedirect(url.searchParams.get('redirectTo'), homePath(user.role)));
  return { demoLogin: env().DEMO_LOGIN };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.clone().formData();
  try {
    const session = await signIn(request, context.clientAddress ?? null);
    return redirect(safeRedirect(form.get('redirectTo'), homePath(session.role)), {
      headers: { 'Set-Cookie': await sessionCookieHeader(session) },
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed') {
      const fields = (error.details as { fields: Record<string, string> }).fields;
      return Response.json({ message: error.message, fields, email: String(form.get('email') ?? '') }, { status: 400 });
    }
    if (error instanceof AppError && error.code === 'rate_limited') {
      const { retryAfter } = error.details as { retryAfter: number };
      return Response.json(
        { message: error.message, fields: {}, email: String(form.get('email') ?? '') },
        { status: 429, headers: { 'Retry-After': String(retryAfter) } },
      );
    }
    throw error;
  }
}

interface ActionData {
  message: string;
  fields: Record<string, string>;
  email: string;
}

export default function LoginPage() {
  const { demoLogin } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const redirectTo = searchParams.get('redirectTo') ?? '';
  const notice = notices[searchParams.get('reden') ?? ''];
  const emailError = actionData?.fields.email;
  const passwordError = actionData?.fields.password;

  return (
    <main className="login-page">
      <section className="login-panel" aria-labelledby="login-title">
        <Logo subtitle="Elektronisch patiëntendossier GGZ" />
        <h1 id="login-title">Inloggen</h1>
        <p className="muted">Alleen voor zorgprofessionals van je eigen instelling.</p>

        {notice ? (
          <p className="notice notice-info" role="status">
            {notice}
          </p>
        ) : null}

        {actionData && Object.keys(actionData.fields).length === 0 ? (
          <p className="notice notice-danger" role="alert">
            {actionData.message}
          </p>
        ) : null}

        <Form method="post" className="form" noValidate>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <div className="field">
            <Label.Root htmlFor="email">E-mailadres</Label.Root>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              defaultValue={actionData?.email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? 'email-error' : undefined}
              required
              autoFocus
            />
            {emailError ? (
              <p id="email-error" className="field-error">
                {emailError}
              </p>
            ) : null}
          </div>
          <div className="field">
            <Label.Root htmlFor="password">Wachtwoord</Label.Root>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'password-error' : undefined}
              required
            />
            {passwordError ? (
              <p id="password-error" className="field-error" role="alert">
                {passwordError}
              </p>
            ) : null}
          </div>
          <button type="submit" name="intent" value="login" className="button button-primary button-block" disabled={busy}>
            {busy && navigation.formData?.get('intent') === 'login' ? 'Bezig met inloggen…' : 'Inloggen'}
          </button>
        </Form>

        {demoLogin ? (
          <Form method="post" className="demo-login">
            <input type="hidden" name="intent" value="demo" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <p className="divider">
              <span>of verken de demo-omgeving</span>
            </p>
            <div className="demo-buttons">
              <button type="submit" name="role" value="verpleegkundige" className="button button-secondary" disabled={busy}>
                Demo als verpleegkundige
              </button>
              <button type="submit" name="role" value="psychiater" className="button button-secondary" disabled={busy}>
                Demo als psychiater
              </button>
              <button type="submit" name="role" value="beheerder" className="button button-secondary demo-ops" disabled={busy}>
                Demo als functioneel beheerder
              </button>
            </div>
          </Form>
        ) : null}
      </section>
      <p className="login-footer">Gesloten systeem. Toegang tot patiëntgegevens wordt vastgelegd.</p>
    </main>
  );
}
