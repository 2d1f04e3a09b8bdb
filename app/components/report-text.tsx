/** More than five lines (or the text of about five lines) is folded; a checkbox unfolds it, no script needed. */
function isLong(content: string): boolean {
  return content.split('\n').length > 5 || content.length > 420;
}

/** What a clinician wrote: `data-authored` tells the language check (docs/style-guide.md) it is not the product's wording. */
export function ReportText({ id, content }: { id: string; content: string }) {
  if (!isLong(content))
    return (
      <p className="report-text" data-authored>
        {content}
      </p>
    );
  return (
    <div className="collapsible">
      <input type="checkbox" id={`meer-${id}`} className="collapse-toggle" />
      <p className="report-text clamped" data-authored>
        {content}
      </p>
      <label htmlFor={`meer-${id}`} className="collapse-label">
        <span className="when-closed">Meer tonen</span>
        <span className="when-open">Minder tonen</span>
      </label>
    </div>
  );
}
