import { Link } from '@remix-run/react';
import { ChevronDownIcon } from '@radix-ui/react-icons';
import { Fragment, type ReactNode } from 'react';
import type { PatientBanner as Banner } from '../../domain/patient/banner';
import { bannerHighlights } from '../../domain/patient/banner-highlights';
import { formatDate, formatWhen } from '../../domain/shared/clinical-time';
import { WarningList } from './alert-tiles';

/**
 * What must be in view on every record page and at handover, in one calm strip: legal status,
 * allergies, the highest current risks, open measures of compulsory care and the signaleringsplan.
 * Only what needs attention gets a coloured edge; "nothing known" and "not recorded" are told apart.
 */
export function PatientBanner({
  banner,
  headingLevel = 2,
  warnings = true,
  foldedAs,
}: {
  banner: Banner;
  headingLevel?: 2 | 3;
  /** The handover detail shows the warnings above its tiles already. */
  warnings?: boolean;
  /**
   * Below 900 px the banner folds to one line under this label (`BannerFold`): the patient's name on
   * the record page, "Veiligheid" on the handover detail, whose heading is the name already.
   */
  foldedAs?: string;
}) {
  const base = `/patients/${banner.patientId}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = `banner-${banner.patientId}`;
  const { legalStatus, allergies, risks, openMeasures, signaleringsplan } = banner;
  const severeAllergy = allergies.active.some((allergy) => allergy.severity === 'ernstig');

  const section = (
    <section className="patient-banner" aria-labelledby={titleId}>
      <Heading id={titleId} className="visually-hidden">
        Veiligheid en rechtspositie
      </Heading>
      {warnings && banner.warnings ? <WarningList alerts={banner.warnings} label="Vroege signalering en termijnen" /> : null}
      <dl className="banner-items">
        <div className={legalStatus && legalStatus.law ? 'banner-item banner-attention' : 'banner-item'}>
          <dt>Rechtspositie</dt>
          <dd>
            {legalStatus ? (
              <>
                <strong>{legalStatus.label}</strong>
                <span className="banner-meta">
                  {legalStatus.endsOn
                    ? `${formatDate(legalStatus.startsOn)} t/m ${formatDate(legalStatus.endsOn)}`
                    : `sinds ${formatDate(legalStatus.startsOn)}, geen einddatum`}
                </span>
              </>
            ) : (
              <span className="muted">Niet vastgelegd</span>
            )}
            <Link to={`${base}/verplichte-zorg`} className="banner-link">
              Rechtspositie en verplichte zorg
            </Link>
          </dd>
        </div>

        <div className={severeAllergy ? 'banner-item banner-attention' : 'banner-item'}>
          <dt>Allergieën</dt>
          <dd>
            {allergies.status === 'vastgelegd' ? (
              <ul className="banner-list">
                {allergies.active.map((allergy) => (
                  <li key={allergy.id}>
                    <strong>{allergy.substance}</strong> <span className="banner-meta">{`(${allergy.severity})`}</span>
                  </li>
                ))}
              </ul>
            ) : allergies.status === 'geen-bekende' ? (
              <span>Geen bekende allergieën</span>
            ) : (
              <span className="banner-unknown">Allergieën niet vastgelegd</span>
            )}
            <Link to={`${base}/allergieen`} className="banner-link">
              {allergies.status === 'niet-vastgelegd' ? 'Allergieën vastleggen' : 'Allergieën bekijken'}
            </Link>
          </dd>
        </div>

        <div className={risks.length ? 'banner-item banner-attention' : 'banner-item'}>
          <dt>Hoge risico&apos;s</dt>
          <dd>
            {risks.length ? (
              <ul className="banner-list">
                {risks.map((risk) => (
                  <li key={risk.id}>
                    <strong>{`${risk.riskType}: ${risk.riskLevel}`}</strong>
                    <span className="banner-meta">{`beoordeeld ${formatWhen(risk.assessedAt)}`}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">Geen hoog of zeer hoog risico</span>
            )}
          </dd>
        </div>

        <div className={openMeasures.length ? 'banner-item banner-attention' : 'banner-item'}>
          <dt>Lopende verplichte zorg</dt>
          <dd>
            {openMeasures.length ? (
              <ul className="banner-list">
                {openMeasures.map((measure) => (
                  <li key={measure.id}>
                    <strong>{measure.label}</strong>
                    <span className="banner-meta">{`sinds ${formatWhen(measure.startedAt)} · ${measure.legalBasisLabel}`}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <span className="muted">Geen lopende maatregelen</span>
            )}
          </dd>
        </div>

        <div className="banner-item">
          <dt>Signaleringsplan</dt>
          <dd>
            {signaleringsplan ? (
              <span>{`Versie ${signaleringsplan.version}, ${formatWhen(signaleringsplan.createdAt)}`}</span>
            ) : (
              <span className="muted">Nog geen signaleringsplan</span>
            )}
            <Link to={`${base}/signaleringsplan`} className="banner-link">
              {signaleringsplan ? 'Signaleringsplan openen' : 'Signaleringsplan opstellen'}
            </Link>
          </dd>
        </div>
      </dl>
    </section>
  );
  return foldedAs ? (
    <BannerFold label={foldedAs} banner={banner}>
      {section}
    </BannerFold>
  ) : (
    section
  );
}

/**
 * Below 900 px (a phone, or a desktop at 200 % zoom) the full banner would fill the first screen
 * of every tab (issue 44, point 9): it folds to one line with the name and every fact that asks for
 * action, and the whole line opens the full banner. A disclosure, so it works without JavaScript;
 * the banner follows it as a sibling and is hidden by CSS while it is closed, so a browser without
 * the styles shows the full banner. At 900 px and wider the line is not shown and the banner is
 * as it was.
 */
function BannerFold({ label, banner, children }: { label: string; banner: Banner; children: ReactNode }) {
  const highlights = bannerHighlights(banner);
  return (
    <div className="banner-fold">
      <details className="banner-toggle">
        <summary>
          <strong className="banner-fold-name">{label}</strong>{' '}
          {highlights.length ? (
            highlights.map(({ key, text, level }) => (
              <Fragment key={key}>
                <span className={`banner-fold-fact warning-${level}`}>{level === 'kritiek' ? <strong>{text}</strong> : text}</span>{' '}
              </Fragment>
            ))
          ) : (
            <span className="banner-fold-fact banner-fold-calm">Geen alerts</span>
          )}{' '}
          <span className="banner-fold-more">
            <span className="banner-fold-closed">Alles tonen</span>
            <span className="banner-fold-open">Inklappen</span>
            <ChevronDownIcon aria-hidden="true" />
          </span>
        </summary>
      </details>
      {children}
    </div>
  );
}
