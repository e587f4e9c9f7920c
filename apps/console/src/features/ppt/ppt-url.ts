import { PPT_PAGE_PATH } from '@roomcast/contract';

/**
 * The slides page's URL for students' phones: as this browser reaches the device when that is over HTTPS; else (the
 * console on plain HTTP, i.e. on the box's own screen, which is loopback) at the box's first HTTPS address
 * (`httpsaddresses`: its IPv4 address for its own certificate, the site's DNS name for the site's).
 */
export function pptPageUrl(page: { protocol: string; origin: string }, boxOrigins: readonly string[] | undefined): string {
  const origin = page.protocol === 'https:' ? page.origin : (boxOrigins?.[0] ?? page.origin);
  return `${origin}${PPT_PAGE_PATH}`;
}
