import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Link2Icon } from '@radix-ui/react-icons';
import { koppelingNotices, scopeAccessLabels, scopeTypeLabels } from '../../domain/koppeling/koppeling.vocabulary';
import { scopeAccess, scopeResourceTypes } from '../../domain/koppeling/koppeling.schemas';
import { supportedScopes, tokenPath } from '../../domain/koppeling/smart';
import { formatDateTime } from '../../domain/shared/clinical-time';
import { countOf } from '../../domain/shared/text';
import { requireRole } from '../auth.server';
import { Field, FieldGroup } from '../components/field';
import { EmptyState, PageHeader } from '../components/page';
import { RouteError } from '../components/route-error';
import { listKoppelingen, registerClient, revokeClient } from '../koppelingen.server';
import { formFailure, valuesOf, type FormFailure } from '../form.server';
import { actorFor, inTenant, perform } from '../tenant.server';

/*
 * Koppelingen (issue 46, build point 1; ADR 0099): the beheerder registers and revokes the
 * organisation's machine clients (SMART Backend Services) here, through the same use cases as
 * `POST /api/beheer/koppelingen` and its `intrekken`. Plain form posts: it works without JavaScript.
 */

export const meta: MetaFunction = () => [{ title: 'Koppelingen — Beheer — GGZ-EPD' }];

const onlyBeheerder = 'Deze pagina is alleen voor functioneel beheerders.';
const path = '/beheer/koppelingen';
const fields = ['name', 'jwksUrl', 'jwks'] as const;

/** The scopes the form offers, per type: read for every type, write where the API takes writes (as SMART discovery lists them). */
const scopeRows = ['*', ...scopeResourceTypes].map((type) => ({
  type,
  label: scopeTypeLabels[type] ?? type,
  scopes: scopeAccess.map((access) => ({
    access,
    scope: `system/${type}.${access}`,
    offered: supportedScopes.includes(`system/${type}.${access}`),
  })),
}));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireRole(request, 'beheerder', onlyBeheerder);
  const url = new URL(request.url);
  return {
    koppelingen: await inTenant(user, listKoppelingen),
    notice: koppelingNotices[url.searchParams.get('melding') ?? ''] ?? null,
    highlighted: url.searchParams.get('koppeling'),
    tokenUrl: new URL(tokenPath, url.origin).toString(),
    scopeRows,
  };
}

type Values = Record<(typeof fields)[number], string> & { scopes: string[] };

/** A pasted JWKS as JSON; text that is not JSON goes to the use case as it is, whose schema names the field. */
function jwksOf(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The schema's field paths (`jwks.keys.0.kid`, `scopes.1`) on the form's fields. */
const onFormFields = (found: Record<string, string>) => {
  const mapped: Record<string, string> = {};
  for (const [key, message] of Object.entries(found)) mapped[key.split('.')[0]!] ??= message;
  return mapped;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireRole(request, 'beheerder', onlyBeheerder);
  const form = await request.formData();
  const actor = actorFor(user, context, 'web');
  const intent = form.get('intent');
  if (intent === 'intrekken') {
    const id = String(form.get('id') ?? '');
    try {
      await perform(actor, revokeClient, { id });
    } catch (error) {
      return formFailure(error, { id }, { shows: 'every-refusal', extra: { intent } });
    }
    return redirect(`${path}?melding=ingetrokken&koppeling=${encodeURIComponent(id)}`);
  }
  if (intent !== 'registreren') throw Response.json({ message: 'Onbekende actie.' }, { status: 400 });
  const values: Values = { ...valuesOf(form, fields), scopes: form.getAll('scopes').map(String) };
  let id: string;
  try {
    ({ id } = await perform(actor, registerClient, {
      name: values.name,
      jwksUrl: values.jwksUrl.trim() || undefined,
      jwks: jwksOf(values.jwks),
      scopes: values.scopes,
    }));
  } catch (error) {
    return formFailure(error, values, { mapFields: onFormFields, extra: { intent } });
  }
  return redirect(`${path}?melding=geregistreerd&koppeling=${encodeURIComponent(id)}`);
}

export default function KoppelingenPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<FormFailure<Partial<Values> & { id?: string }> & { intent?: string }>();
  const navigation = useNavigation();
  const registering = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'registreren';
  const registerFailure = refused?.intent === 'registreren' ? refused : null;
  const revokeFailure = refused?.intent === 'intrekken' ? refused : null;
  const chosen = new Set(registerFailure?.values.scopes ?? []);
  const error = (name: string) => registerFailure?.fields[name];

  return (
    <>
      <PageHeader
        title="Koppelingen"
        description="Systemen buiten het EPD (een lab, een apotheek, een regionaal uitwisselingspunt) die de FHIR-API gebruiken zonder persoon: SMART Backend Services. Elke aanroep staat in het toegangslog onder de naam van de koppeling."
      />

      {data.notice ? (
        <p className="notice notice-info workflow-notice" role="status">
          {data.notice}
        </p>
      ) : null}
      {revokeFailure ? (
        <p className="notice notice-danger workflow-notice" role="alert">
          De koppeling is niet ingetrokken. {revokeFailure.message}
        </p>
      ) : null}

      <section aria-labelledby="koppelingen-lijst" className="koppeling-section">
        <h2 id="koppelingen-lijst">Geregistreerde koppelingen</h2>
        {data.koppelingen.length === 0 ? (
          <EmptyState icon={<Link2Icon width={22} height={22} />} title="Nog geen koppelingen">
            <p>Registreer hieronder het eerste systeem dat met het EPD mag praten.</p>
          </EmptyState>
        ) : (
          <div className="table-card">
            <p className="table-caption">{countOf(data.koppelingen.length, 'koppeling', 'koppelingen')}</p>
            <div className="table-scroll" tabIndex={0} role="region" aria-label="Geregistreerde koppelingen">
              <table className="table koppeling-table">
                <thead>
                  <tr>
                    <th scope="col">Naam</th>
                    <th scope="col">client_id</th>
                    <th scope="col">Sleutels</th>
                    <th scope="col">Scopes</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Actie</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.koppelingen.map((koppeling) => (
                    <tr
                      key={koppeling.id}
                      data-koppeling-id={koppeling.id}
                      className={koppeling.id === data.highlighted ? 'highlighted' : undefined}
                    >
                      <td>{koppeling.name}</td>
                      <td className="mono small" translate="no">
                        {koppeling.id}
                      </td>
                      <td className="small">
                        {koppeling.jwksUrl ? (
                          <span className="mono" translate="no">
                            {koppeling.jwksUrl}
                          </span>
                        ) : (
                          'Geplakte JWKS'
                        )}
                      </td>
                      <td className="mono small" translate="no">
                        {koppeling.scopes.join(' ')}
                      </td>
                      <td>
                        {koppeling.disabledAt ? (
                          <span className="badge">{`Ingetrokken ${formatDateTime(koppeling.disabledAt)}`}</span>
                        ) : (
                          <span className="badge badge-primary">{`Actief sinds ${formatDateTime(koppeling.createdAt)}`}</span>
                        )}
                      </td>
                      <td>
                        {koppeling.disabled ? null : (
                          <Form method="post">
                            <input type="hidden" name="intent" value="intrekken" />
                            <input type="hidden" name="id" value={koppeling.id} />
                            <button type="submit" className="button button-danger nowrap" aria-label={`${koppeling.name} intrekken`}>
                              Intrekken
                            </button>
                          </Form>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </section>

      <section aria-labelledby="koppeling-registreren" className="koppeling-section">
        <h2 id="koppeling-registreren">Koppeling registreren</h2>
        <p className="muted">
          De koppeling vraagt met een ondertekende JWT (RS384 of ES384) een token van vijf minuten aan bij{' '}
          <span className="mono" translate="no">
            {data.tokenUrl}
          </span>
          . Geef haar publieke sleutels: een adres waar zij ze publiceert, of de JWKS zelf.
        </p>
        {registerFailure ? (
          <p className="notice notice-danger" role="alert">
            {registerFailure.message || 'Controleer de gemarkeerde velden.'}
          </p>
        ) : null}
        {/* A new key after each registration or revocation: the form starts empty again, also with JavaScript. */}
        <Form method="post" className="stack-form koppeling-form" noValidate key={data.highlighted ?? 'nieuw'}>
          <input type="hidden" name="intent" value="registreren" />
          <Field
            id="name"
            label="Naam"
            error={error('name')}
            hint="Zoals het systeem in het toegangslog moet heten, bijvoorbeeld ‘Lab Noord’."
          >
            <input name="name" type="text" maxLength={100} defaultValue={registerFailure?.values.name ?? ''} autoComplete="off" />
          </Field>
          <Field
            id="jwksUrl"
            label="JWKS-URL"
            error={error('jwksUrl')}
            hint="Het https-adres waar de koppeling haar publieke sleutels publiceert; dan kan zij ze zelf vervangen."
          >
            <input
              name="jwksUrl"
              type="text"
              inputMode="url"
              spellCheck={false}
              defaultValue={registerFailure?.values.jwksUrl ?? ''}
              autoComplete="off"
            />
          </Field>
          <Field
            id="jwks"
            label="Of plak de JWKS"
            error={error('jwks')}
            hint='De publieke sleutels als JSON: {"keys": [ … ]}, elke sleutel met een kid. Nooit een privésleutel.'
          >
            <textarea name="jwks" rows={6} spellCheck={false} defaultValue={registerFailure?.values.jwks ?? ''} />
          </Field>
          <FieldGroup
            id="scopes"
            label="Scopes"
            error={error('scopes')}
            hint="Kies per type wat de koppeling mag. Schrijven kan alleen waar de API schrijven ondersteunt; het toegangslog alleen bij naam."
          >
            <table className="table scope-table">
              <thead>
                <tr>
                  <th scope="col">Type</th>
                  {scopeAccess.map((access) => (
                    <th scope="col" key={access}>
                      {scopeAccessLabels[access]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.scopeRows.map((row) => (
                  <tr key={row.type}>
                    <th scope="row">
                      {row.label}{' '}
                      <span className="mono small muted" translate="no">
                        {row.type}
                      </span>
                    </th>
                    {row.scopes.map(({ access, scope, offered }) => (
                      <td key={access}>
                        {offered ? (
                          <input
                            type="checkbox"
                            name="scopes"
                            value={scope}
                            defaultChecked={chosen.has(scope)}
                            aria-label={`${row.label}: ${scopeAccessLabels[access].toLowerCase()} (${scope})`}
                          />
                        ) : (
                          <>
                            <span className="muted" aria-hidden="true">
                              —
                            </span>
                            <span className="visually-hidden">niet beschikbaar</span>
                          </>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </FieldGroup>
          <button type="submit" className="button button-primary" disabled={registering}>
            {registering ? 'Bezig met registreren…' : 'Koppeling registreren'}
          </button>
        </Form>
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return <RouteError />;
}
