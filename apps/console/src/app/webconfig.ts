import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_WEBCONFIG, WEBCONFIG_PATH, type WebConfig } from '@roomcast/contract';

async function fetchWebConfig(): Promise<WebConfig> {
  // The one plain fetch of the console: a static file, not an API call (no envelope, no session).
  const res = await fetch(WEBCONFIG_PATH, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`webconfig ${res.status}`);
  // The service validated the file against the contract's schema; the console only guards against a body
  // that is not one (no zod in the browser: it would weigh on every page).
  const body = (await res.json()) as Partial<WebConfig> | null;
  const whole =
    body !== null &&
    typeof body === 'object' &&
    (['head', 'login', 'media', 'site'] as const).every((k) => typeof body[k] === 'object' && body[k] !== null);
  return whole ? (body as WebConfig) : DEFAULT_WEBCONFIG;
}

/** `/static/webconfig.json`, read once per page load; the contract's defaults stand in until (or if not) loaded. */
export function useWebConfig(): WebConfig {
  const query = useQuery({ queryKey: ['static', 'webconfig'], queryFn: fetchWebConfig, staleTime: Infinity, gcTime: Infinity, retry: 1 });
  return query.data ?? DEFAULT_WEBCONFIG;
}

/** The browser tab shows the site title of the web config. */
export function DocumentTitle() {
  const { site } = useWebConfig();
  useEffect(() => {
    if (site.title) document.title = site.title;
  }, [site.title]);
  return null;
}
