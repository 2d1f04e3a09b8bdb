import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';

interface Common {
  label: string;
  error?: string;
  hint?: string;
}

/**
 * A labelled form field with its Dutch error under it: the control gets the id, `aria-invalid`
 * and `aria-describedby` so a screen reader reads the error with it. The one way a page draws a
 * field (ADR 0072): `tests/form-pipeline.test.ts` fails on `has-error` markup written by hand.
 *
 * - `hintFirst`: the hint between label and control, where it says how to type (one per line).
 * - `footer`: beside the error under the control (a character counter); `describedBy` names it.
 */
export function Field({
  id,
  label,
  error,
  hint,
  hintFirst = false,
  footer,
  describedBy,
  children,
}: Common & {
  id: string;
  hintFirst?: boolean;
  footer?: ReactNode;
  describedBy?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '', describedBy ?? ''].filter(Boolean).join(' ') || undefined;
  const hintText = hint ? (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  ) : null;
  const errorText = error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null;
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hintFirst ? hintText : null}
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described })}
      {hintFirst ? null : hintText}
      {footer ? (
        <div className="field-footer">
          {errorText ?? <span />}
          {footer}
        </div>
      ) : (
        errorText
      )}
    </div>
  );
}

/**
 * A group of controls under one name (a choice of radio buttons, a search with its results): a
 * fieldset whose legend is the label, with the group's error under it.
 */
export function FieldGroup({ id, label, error, hint, children }: Common & { id: string; children: ReactNode }) {
  return (
    <fieldset className={error ? 'field has-error' : 'field'} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
