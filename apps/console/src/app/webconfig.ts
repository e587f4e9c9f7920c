import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_WEBCONFIG, WEBCONFIG_PATH, WebConfig } from '@roomcast/contract';

async function fetchWebConfig(): Promise<WebConfig> {
  // The one plain fetch of the console: a static file, not an API call (no envelope, no session).
  const res = await fetch(WEBCONFIG_PATH, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`webconfig ${res.status}`);
  const parsed = WebConfig.safeParse(await res.json());
  return parsed.success ? parsed.data : DEFAULT_WEBCONFIG;
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
