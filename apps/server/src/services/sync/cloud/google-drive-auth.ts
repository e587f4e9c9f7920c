/**
 * Google Drive's requests with a bearer token from the OAuth refresh-token grant (`POST {oauth}/token`), cached
 * and renewed once when Drive refuses it (oauth-token.ts). Every request goes through `driveFetch`.
 */
import { CloudError } from './cloud-client.js';
import { discard, fetchRemote } from './cloud-http.js';
import { OAuthTokenCache, refreshTokenGrant, type TokenAnswer } from './oauth-token.js';

/** Renew an access token this long before Google says it expires (at most half its lifetime). */
const TOKEN_MARGIN_MS = 60_000;
/** Google's access tokens live an hour when the answer does not say. */
const DEFAULT_LIFETIME_S = 3600;

export interface GoogleCredentials {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

/** Headers a request carries: the Authorization of the current token. */
export type Auth = { Authorization: string };

/** fetch for Drive: a 308 is Drive's "resume incomplete", never a redirect to follow. */
export function driveFetch(url: string, init: RequestInit): Promise<Response> {
  return fetchRemote('Google Drive', url, { ...init, redirect: 'manual' });
}

export class DriveAuth {
  private readonly tokens: OAuthTokenCache;

  constructor(credentials: GoogleCredentials, oauthUrl: string) {
    const { clientId, clientSecret, refreshToken } = credentials;
    this.tokens = new OAuthTokenCache(
      (signal) =>
        refreshTokenGrant(
          {
            provider: 'Google Drive',
            url: `${oauthUrl}/token`,
            credentials: { client_id: clientId, client_secret: clientSecret, refresh_token: refreshToken },
            defaultLifetimeS: DEFAULT_LIFETIME_S,
            refused: tokenFailure,
            malformed: (status) => new CloudError('Google answered the token request without an access token', true, status),
          },
          signal,
        ),
      TOKEN_MARGIN_MS,
    );
  }

  /** Sends with a bearer token; on a 401 renews the token once and sends again (Drive expires them hourly). */
  authorized(sendWith: (auth: Auth) => Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
    return this.tokens.send((token) => sendWith({ Authorization: `Bearer ${token}` }), refusedToken, signal);
  }
}

async function refusedToken(res: Response): Promise<boolean> {
  if (res.status !== 401) return false;
  await discard(res);
  return true;
}

/** invalid_grant / invalid_client (400/401) cannot succeed until someone fixes the credentials; 5xx may. */
function tokenFailure(answer: TokenAnswer): CloudError {
  const body = answer.json as { error?: unknown; error_description?: unknown } | undefined;
  const words = [body?.error_description, body?.error].find((w) => typeof w === 'string' && w !== '');
  const message = typeof words === 'string' ? words : `Google refused the token request (HTTP ${answer.status})`;
  const retryable = answer.status >= 500 || answer.status === 408 || answer.status === 429;
  return new CloudError(message, retryable, answer.status);
}
