import { Form } from '@remix-run/react';

/**
 * What was just done, and the one way to take it back (ADR 0075): a plain form posting the undo
 * intent to the page's own action, so it works without JavaScript; with JavaScript the drag of a
 * tile and the cancel dialog end on the same notice. A move and a cancellation both use it.
 */
export function UndoNotice({
  message,
  intent,
  fields = {},
  until,
  busy,
}: {
  message: string;
  /** The action's intent that undoes it. */
  intent: string;
  /** What the undo needs beside the intent (a move: where it was). */
  fields?: Record<string, string>;
  /** "11:45": until when it can be undone, when that is limited. */
  until?: string;
  busy: boolean;
}) {
  return (
    <div className="notice notice-success undo-notice" role="status">
      <p>{message}</p>
      <Form method="post">
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {until ? <p className="small muted">{`Per ongeluk? Je kunt dit tot ${until} ongedaan maken.`}</p> : null}
        <button type="submit" className="button button-secondary button-small" disabled={busy}>
          Ongedaan maken
        </button>
      </Form>
    </div>
  );
}
