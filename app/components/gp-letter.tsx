import { countOf } from '../../domain/shared/text';
import { useMemo } from 'react';
import { gpLetterStatusLabels, type GpLetterStatus } from '../../domain/gp-letter/gp-letter.schemas';
import { diffStats, wordDiff } from '../lib/word-diff';

export function LetterStatusBadge({ status }: { status: GpLetterStatus }) {
  return <span className={`badge letter-status letter-status-${status}`}>{gpLetterStatusLabels[status]}</span>;
}

/**
 * The original and the new text side by side, compared word by word: removed words struck
 * through in red on the left, added words green on the right. Both columns keep the letter's
 * own line breaks, so the reviewer reads the letter as it will be sent.
 */
export function LetterDiff({ original, revised, revisedLabel }: { original: string; revised: string; revisedLabel: string }) {
  const parts = useMemo(() => wordDiff(original, revised), [original, revised]);
  // White space at the edges of a change (the blank line before an added paragraph) is shown, not marked.
  const mark = (text: string, index: number, Tag: 'ins' | 'del') => {
    const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
    return (
      <span key={index}>
        {lead}
        {core ? <Tag className={Tag === 'ins' ? 'diff-ins' : 'diff-del'}>{core}</Tag> : null}
        {trail}
      </span>
    );
  };
  const stats = diffStats(parts);
  return (
    <section className="letter-diff" aria-label="Vergelijking met het origineel">
      <p className="letter-diff-summary" data-testid="diff-summary">
        <span className="diff-legend diff-legend-added">{countOf(stats.added, 'woord', 'woorden')} toegevoegd</span>
        <span className="diff-legend diff-legend-removed">{countOf(stats.removed, 'woord', 'woorden')} verwijderd</span>
      </p>
      <div className="letter-diff-columns">
        <article className="letter-sheet" aria-labelledby="letter-original-title">
          <h3 id="letter-original-title">Origineel (concept)</h3>
          <div className="letter-text" data-testid="diff-original" data-authored>
            {parts.map((part, index) =>
              part.kind === 'added' ? null : part.kind === 'removed' ? mark(part.text, index, 'del') : <span key={index}>{part.text}</span>,
            )}
          </div>
        </article>
        <article className="letter-sheet" aria-labelledby="letter-revised-title">
          <h3 id="letter-revised-title">{revisedLabel}</h3>
          <div className="letter-text" data-testid="diff-revised" data-authored>
            {parts.map((part, index) =>
              part.kind === 'removed' ? null : part.kind === 'added' ? mark(part.text, index, 'ins') : <span key={index}>{part.text}</span>,
            )}
          </div>
        </article>
      </div>
    </section>
  );
}
