import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { formatWhen, wallClockOf } from '../../domain/shared/clinical-time';
import { uuidOrNull } from '../../domain/shared/ids';
import { formatMeasurement, formatNumber } from '../../domain/shared/text';
import { consciousnessLabels, consciousnessLevels } from '../../domain/measurements/news2';
import { vitalCodes } from '../../domain/measurements/vital-codes';
import { measureCodes } from '../../domain/measurements/vitals.schemas';
import { referenceRanges } from '../../domain/measurements/reference-ranges';
import { interpretationLabels } from '../components/clinical';
import { TrendChart } from '../components/trend-chart';
import { Field } from '../components/field';
import { formFailure, instantOf, valuesOf, type FormFailure } from '../form.server';
import { pageData, patientPage } from '../page.server';
import { correctVitalValue, listVitalRounds, recordVitalRound } from '../patients.server';
import { perform } from '../tenant.server';

const news2RiskLabels = {
  laag: 'Laag risico',
  'laag-gemiddeld': 'Laag tot gemiddeld risico',
  gemiddeld: 'Gemiddeld risico',
  hoog: 'Hoog risico',
};

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const rounds = await pageData(perform(actor, listVitalRounds, { patientId }));
  // "Corrigeren" on a value opens its correction form (a link, so it works without JavaScript).
  const correcting = uuidOrNull(new URL(request.url).searchParams.get('corrigeer'));
  const value = correcting
    ? rounds.flatMap((round) => round.values).find((candidate) => candidate.id === correcting && !candidate.correctedAt)
    : null;
  return { rounds, correcting: value ?? null, now: wallClockOf(new Date()) };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { actor, patientId } = await patientPage({ request, params, context });
  const form = await request.formData();
  const values = valuesOf(form);
  try {
    if (values.intent === 'corrigeren') {
      const correction = { value: values.value ?? '', reason: values.reason ?? '' };
      await perform(actor, correctVitalValue, { id: values.id ?? '', correction, patientId });
      return redirect(`/patients/${patientId}/metingen`);
    }
    const observedAt = instantOf(values.datum ?? '', values.tijd ?? '');
    await perform(actor, recordVitalRound, {
      patientId,
      round: {
        observedAt,
        measures: Object.fromEntries(measureCodes.map((code) => [code, values[code] ?? ''])),
        consciousness: values.consciousness || undefined,
        oxygen: values.oxygen === 'on',
      },
    });
    return redirect(`/patients/${patientId}/metingen?opgeslagen=1`);
  } catch (error) {
    return formFailure(error, values);
  }
}

export default function Measurements() {
  const { rounds, correcting, now } = useLoaderData<typeof loader>();
  const failure = useActionData<FormFailure>();
  const busy = useNavigation().state === 'submitting';
  const fields = failure?.fields ?? {};
  const typed = (name: string, fallback = '') => failure?.values[name] ?? fallback;
  const [datum, tijd] = now.split('T') as [string, string];
  const latestScore = rounds.find((round) => round.news2);
  const shown = measureCodes.filter((code) => rounds.some((round) => round.values.some((value) => value.code === code)));

  return (
    <div className="measurements">
      <nav className="subtabs" aria-label="Soort meting">
        <span aria-current="page">Vitale functies</span>
        <Link to="bvc">Brøset Violentie Checklist</Link>
      </nav>
      {latestScore?.news2 ? (
        <section className={`card news2 news2-${latestScore.news2.risk}`} aria-labelledby="news2-title">
          <h2 id="news2-title">{`NEWS2-score ${latestScore.news2.score}`}</h2>
          <p>
            <strong>{news2RiskLabels[latestScore.news2.risk]}</strong> · gemeten {formatWhen(latestScore.observedAt)}
          </p>
          <p>{latestScore.news2.advice}</p>
        </section>
      ) : null}

      {correcting ? (
        <section className="card" aria-labelledby="correct-title">
          <h2 id="correct-title">Meting corrigeren</h2>
          <p className="muted">
            {correcting.label}: {formatMeasurement(correcting.value, correcting.unit)}, gemeten {formatWhen(correcting.observedAt)}. De oude
            waarde blijft zichtbaar als gecorrigeerd.
          </p>
          <Form method="post" className="stack-form">
            <input type="hidden" name="intent" value="corrigeren" />
            <input type="hidden" name="id" value={correcting.id} />
            <Field id="value" label={`Juiste waarde (${correcting.unit})`} error={fields.value}>
              <input type="text" name="value" inputMode="decimal" defaultValue={typed('value')} />
            </Field>
            <Field id="reason" label="Reden van de correctie" error={fields.reason}>
              <input type="text" name="reason" maxLength={300} defaultValue={typed('reason')} />
            </Field>
            <div className="form-actions">
              <Link to="." className="button button-secondary">
                Annuleren
              </Link>
              <button type="submit" className="button button-primary" disabled={busy}>
                Correctie opslaan
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      <section className="card" aria-labelledby="new-title">
        <h2 id="new-title">Nieuwe meting</h2>
        {failure && failure.values.intent !== 'corrigeren' ? (
          <p className="notice notice-danger" role="alert">
            {fields.measures ?? failure.message}
          </p>
        ) : null}
        {/* Keyed by the newest round: after a save the form is empty again for the next one. */}
        <Form method="post" className="stack-form" noValidate key={rounds[0]?.id ?? 'leeg'}>
          <input type="hidden" name="intent" value="meten" />
          <div className="field-row">
            <Field id="datum" label="Datum" error={fields.datum}>
              <input type="date" name="datum" defaultValue={typed('datum', datum)} />
            </Field>
            <Field id="tijd" label="Tijd" error={fields.tijd ?? fields.observedAt}>
              <input type="time" name="tijd" defaultValue={typed('tijd', tijd)} />
            </Field>
          </div>
          <div className="measure-grid">
            {measureCodes.map((code) => (
              <Field
                key={code}
                id={code}
                label={`${vitalCodes[code]!.label} (${vitalCodes[code]!.unit})`}
                error={fields[`measures.${code}`]}
              >
                <input type="text" name={code} inputMode="decimal" autoComplete="off" defaultValue={typed(code)} />
              </Field>
            ))}
          </div>
          <div className="field-row">
            <Field id="consciousness" label="Bewustzijn (ACVPU)" error={fields.consciousness}>
              <select name="consciousness" defaultValue={typed('consciousness')}>
                <option value="">Niet beoordeeld</option>
                {consciousnessLevels.map((level) => (
                  <option key={level} value={level}>
                    {level}: {consciousnessLabels[level]}
                  </option>
                ))}
              </select>
            </Field>
            <label className="checkbox-field">
              <input type="checkbox" name="oxygen" defaultChecked={typed('oxygen') === 'on'} /> Krijgt extra zuurstof
            </label>
          </div>
          <p className="muted small">
            De interpretatie (hoog, laag, kritiek) rekent het dossier zelf uit. Met ademhaling, saturatie, systolische bloeddruk,
            hartfrequentie, temperatuur en bewustzijn samen volgt de NEWS2-score.
          </p>
          <button type="submit" className="button button-primary" disabled={busy}>
            Meting opslaan
          </button>
        </Form>
      </section>

      <section className="card" aria-labelledby="trend-title">
        <h2 id="trend-title">Verloop</h2>
        {rounds.length === 0 ? (
          <p className="muted">Nog geen metingen vastgelegd.</p>
        ) : (
          <>
            <div className="trend-charts">
              {shown.map((code) => {
                const range = referenceRanges[code];
                // An open end of the normal range (saturation has no upper limit) runs to the plausible limit.
                const normal =
                  range && (range.low !== null || range.high !== null)
                    ? { from: range.low ?? range.plausible.min, to: range.high ?? range.plausible.max }
                    : null;
                return (
                  <TrendChart
                    key={code}
                    title={vitalCodes[code]!.label}
                    unit={vitalCodes[code]!.unit}
                    normal={normal}
                    points={rounds.flatMap((round) => round.values.filter((value) => value.code === code && !value.correctedAt))}
                  />
                );
              })}
            </div>
            <p className="muted small">Het gekleurde vlak is het normale bereik. Dezelfde metingen staan in de tabel hieronder.</p>
            <div className="table-scroll" tabIndex={0}>
              <table className="trend-table">
                <caption className="visually-hidden">Metingen per tijdstip, nieuwste eerst</caption>
                <thead>
                  <tr>
                    <th scope="col">Tijdstip</th>
                    {shown.map((code) => (
                      <th key={code} scope="col">
                        {vitalCodes[code]!.label} <span className="muted">{vitalCodes[code]!.unit}</span>
                      </th>
                    ))}
                    <th scope="col">NEWS2</th>
                  </tr>
                </thead>
                <tbody>
                  {rounds.map((round) => (
                    <tr key={round.id} id={`meting-${round.id}`}>
                      <th scope="row">{formatWhen(round.observedAt)}</th>
                      {shown.map((code) => (
                        <td key={code}>
                          {round.values
                            .filter((value) => value.code === code)
                            .map((value) =>
                              value.correctedAt ? (
                                <del key={value.id} className="vital-corrected" title="Gecorrigeerd">
                                  {formatNumber(value.value)}
                                </del>
                              ) : (
                                <span key={value.id} className={`trend-value vital-${value.interpretation}`}>
                                  {formatNumber(value.value)}
                                  {value.interpretation !== 'N' ? (
                                    <span className="trend-flag"> {interpretationLabels[value.interpretation]}</span>
                                  ) : null}
                                  {value.correctionReason ? (
                                    <span className="muted small">{` (correctie: ${value.correctionReason})`}</span>
                                  ) : null}{' '}
                                  <Link
                                    to={`?corrigeer=${value.id}`}
                                    className="trend-correct"
                                    aria-label={`${vitalCodes[code]!.label} corrigeren`}
                                  >
                                    Corrigeren
                                  </Link>
                                </span>
                              ),
                            )}
                        </td>
                      ))}
                      <td>{round.news2 ? <strong>{round.news2.score}</strong> : <span className="muted">—</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
