import { characterCount, countOf } from '../../domain/shared/text';

/**
 * "123/500" under a text field, counted as a person counts (code points). Past the limit the text
 * stays as typed or pasted, and the counter says how much is too long; the server says it again.
 */
export function CharacterCounter({ id, text, max }: { id: string; text: string; max: number }) {
  const count = characterCount(text);
  const over = count - max;
  if (over > 0) {
    return (
      <span id={id} className="counter counter-over" aria-live="polite">
        {count}/{max} · {countOf(over, 'teken', 'tekens')} te veel
      </span>
    );
  }
  return (
    <span id={id} className={count === max ? 'counter counter-full' : 'counter'} aria-live="polite">
      {count}/{max}
    </span>
  );
}
