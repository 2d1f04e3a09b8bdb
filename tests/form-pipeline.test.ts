import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One form pipeline (ADR 0072): page forms read their values with `valuesOf`, answer a refusal with
 * `formFailure`, and draw a field with `<Field>` or `<FieldGroup>`. This scan fails when a page
 * goes its own way again, so the copies cannot drift apart (two date parsers, three failure paths).
 */

const folders = ['app/routes', 'app/components', 'app/assistant'];

function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => join(folder, name));
}

const files = folders.flatMap(sources).map((path) => ({ path, text: readFileSync(path, 'utf8') }));

/** Lines of the files that match, as "path:line: text", so a failure says where. */
function offences(pattern: RegExp, allowed: (path: string, line: string) => boolean = () => false): string[] {
  return files.flatMap(({ path, text }) =>
    text
      .split('\n')
      .map((line, index) => ({ line, index }))
      .filter(({ line }) => pattern.test(line) && !allowed(path, line))
      .map(({ line, index }) => `${path}:${index + 1}: ${line.trim()}`),
  );
}

describe('one form pipeline (ADR 0072)', () => {
  it('scans the page code', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some(({ path }) => path.endsWith('_app.patients.$id.verplichte-zorg.tsx'))).toBe(true);
  });

  it('reads form values with valuesOf, not inline', () => {
    expect(offences(/\.entries\(\)\]|fromEntries\(.*\bform\.get\(|fromEntries\(\s*\[\s*\.\.\.\s*\w*form/i)).toEqual([]);
  });

  it('answers a refused form with formFailure, not a hand-made 400 or 409', () => {
    // The sign-in form is the one exception: it must never send the password back as a typed value.
    const inline = /Response\.json\(\s*\{\s*message:\s*error\.message,\s*fields\b|fields:\s*fieldsOf\(/;
    expect(offences(inline, (path) => path.endsWith('login.tsx'))).toEqual([]);
    expect(offences(/legal-forms\.server|legalFormFailure|instantOrEmpty/)).toEqual([]);
    expect(existsSync('app/legal-forms.server.ts')).toBe(false);
  });

  it('draws a field with its error through <Field>, not by hand', () => {
    // Not fields: a table row of the workflow overview, and the treatment plan's group of added rows.
    const notAField = (_: string, line: string) => /workflow-row has-error|plan-rows has-error/.test(line);
    const byHand = offences(/has-error/, notAField).filter((line) => !line.startsWith('app/components/field.tsx:'));
    expect(byHand).toEqual([]);
  });

  it('finds what it forbids', () => {
    // The patterns above must match the code they replaced, or the scan proves nothing.
    expect(/\.entries\(\)\]/.test('Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]))')).toBe(true);
    expect(/fromEntries\(.*\bform\.get\(/.test("Object.fromEntries(fields.map((name) => [name, String(form.get(name) ?? '')]))")).toBe(
      true,
    );
    expect(/has-error/.test("<div className={error ? 'field has-error' : 'field'}>")).toBe(true);
  });
});
