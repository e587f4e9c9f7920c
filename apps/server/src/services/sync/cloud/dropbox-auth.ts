/**
 * Dropbox's access token: the configured one, or one granted from the app key and a refresh token (offline
 * access) at `POST /oauth2/token`, cached and renewed (oauth-token.ts).
 */
import { CloudError } from './cloud-client.js';
import { failureOf } from './dropbox-errors.js';
import { OAuthTokenCache, refreshTokenGrant, type TokenAnswer } from './oauth-token.js';

/** Renew a refreshed token this long before Dropbox says it expires (at most half its lifetime). */
const TOKEN_RENEW_MARGIN_MS = 5 * 60_000;
/** Dropbox's short-lived tokens live four hours when the answer does not say. */
const DEFAULT_LIFETIME_S = 14_400;

export interface DropboxCredentials {
  /** Either a long-lived/short-lived access token, or appKey (+ appSecret) and a refresh token (offline access). */
  accessToken?: string;
  appKey?: string;
  appSecret?: string;
  refreshToken?: string;
}

/** Whether a refused token can be replaced: only with a refresh token and its app key. */
export const canRefresh = (c: DropboxCredentials): boolean => Boolean(c.refreshToken && c.appKey);

/** The tokens of `credentials`; `apiUrl` is where `/oauth2/token` is. Grants only when `canRefresh`. */
export function dropboxTokens(credentials: DropboxCredentials, apiUrl: string): OAuthTokenCache {
  const { accessToken, appKey, appSecret, refreshToken } = credentials;
  const grant = (signal: AbortSignal | undefined) =>
    refreshTokenGrant(
      {
        provider: 'Dropbox',
        url: `${apiUrl}/oauth2/token`,
        credentials: { refresh_token: refreshToken!, client_id: appKey!, ...(appSecret ? { client_secret: appSecret } : {}) },
        defaultLifetimeS: DEFAULT_LIFETIME_S,
        refused: tokenFailure,
        malformed: () => new CloudError('Dropbox answered oauth2/token without the expected fields', true),
      },
      signal,
    );
  return new OAuthTokenCache(grant, TOKEN_RENEW_MARGIN_MS, accessToken);
}

/** A refused refresh token (400/401) cannot succeed until someone authorizes again; other failures as usual. */
function tokenFailure(answer: TokenAnswer): CloudError {
  const refused = answer.json as { error?: unknown; error_description?: unknown } | undefined;
  if (answer.status === 400 || answer.status === 401) {
    const words = [refused?.error, refused?.error_description].filter((w) => typeof w === 'string').join(': ') || answer.text;
    return new CloudError(`Dropbox refused the refresh token: ${words}`, false, answer.status);
  }
  return failureOf(answer).error;
}
