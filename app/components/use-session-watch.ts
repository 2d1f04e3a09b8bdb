import { useEffect } from 'react';
import { apiFetch } from '../lib/api-client';

/** Checks the session when the tab regains focus and every few minutes; apiFetch handles a 401. */
export function useSessionWatch(intervalMs = 5 * 60_000) {
  useEffect(() => {
    const check = () => {
      if (document.visibilityState === 'visible') apiFetch('/api/session').catch(() => undefined);
    };
    const timer = window.setInterval(check, intervalMs);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [intervalMs]);
}
