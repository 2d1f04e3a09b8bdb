export function Logo({ subtitle }: { subtitle?: string }) {
  return (
    <div className="logo">
      <svg className="logo-mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M9 17.5c0-4.1 3.1-7.5 7-7.5 2.2 0 4.1 1 5.4 2.6" stroke="#fff" strokeWidth="2.4" fill="none" strokeLinecap="round" />
        <path d="M23 14.5c0 4.1-3.1 7.5-7 7.5-2.2 0-4.1-1-5.4-2.6" stroke="#9fd3cf" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      </svg>
      <div>
        <span className="logo-name">GGZ-EPD</span>
        {subtitle ? <span className="logo-subtitle">{subtitle}</span> : null}
      </div>
    </div>
  );
}
