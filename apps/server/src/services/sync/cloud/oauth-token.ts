import type { CloudError } from './cloud-client.js';
import { fetchRemote, readBody, unreachable } from './cloud-http.js';
import { abortError } from './upload-pacing.js';

/** An access token and how long it lives, as an OAuth token endpoint grants it. */
export interface GrantedToken {
  token: string;
  lifetimeMs: number;
}

/**
 * Access tokens from an OAuth refresh-token grant (Google Drive, Dropbox), cached until shortly before they
 * expire (`marginMs`, at most half the lifetime), with one grant in flight at a time however many requests
 * ask. `initial`: a token given by configuration, used until it is refused (it never expires by itself).
 */
export class OAuthTokenCache {
  private cached: { token: string; renewAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly grant: (signal: AbortSignal | undefined) => Promise<GrantedToken>,
    private readonly marginMs: number,
    initial?: string,
  ) {
    if (initial) this.cached = { token: initial, renewAt: Number.POSITIVE_INFINITY };
  }

  /** The cached token, or a new grant when there is none or it is about to expire. */
  get(signal: AbortSignal | undefined): Promise<string> {
    if (this.cached && Date.now() < this.cached.renewAt) return Promise.resolve(this.cached.token);
    return this.request(signal);
  }

  /**
   * `request` with the current token; when the remote refuses that token (`refused`, which may read the answer
   * to its end), once more with a renewed one: tokens expire (an hour at Google, four at Dropbox).
   */
  async send<R>(
    request: (token: string) => Promise<R>,
    refused: (answer: R) => boolean | Promise<boolean>,
    signal: AbortSignal | undefined,
  ): Promise<R> {
    const token = await this.get(signal);
    const answer = await request(token);
    if (!(await refused(answer))) return answer;
    return request(await this.renew(token, signal));
  }

  /** A token other than `rejected` (the remote refused it): another request's new grant, or a new one. */
  renew(rejected: string, signal: AbortSignal | undefined): Promise<string> {
    if (this.cached && this.cached.token !== rejected) return Promise.resolve(this.cached.token);
    return this.request(signal);
  }

  private request(signal: AbortSignal | undefined): Promise<string> {
    this.pending ??= this.grant(signal)
      .then(({ token, lifetimeMs }) => {
        this.cached = { token, renewAt: Date.now() + lifetimeMs - Math.min(this.marginMs, lifetimeMs / 2) };
        return token;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}

/** A token endpoint's answer, for the provider to say why it refused. */
export interface TokenAnswer {
  status: number;
  text: string;
  json: unknown;
}

/** One OAuth 2 refresh-token grant (RFC 6749 §6) and the provider's words for its failures. */
export interface RefreshGrant {
  /** Names the remote when it cannot be reached. */
  provider: string;
  /** The token endpoint. */
  url: string;
  /** refresh_token, client_id and, where the provider wants it, client_secret. */
  credentials: Record<string, string>;
  /** The lifetime when the answer gives none. */
  defaultLifetimeS: number;
  /** A refusal (a non-2xx answer): refused credentials cannot succeed later, a server error may. */
  refused(answer: TokenAnswer): CloudError;
  /** A 2xx answer without an access token. */
  malformed(status: number): CloudError;
}

/** `POST` grant_type=refresh_token as a form; the access token and its lifetime. */
export async function refreshTokenGrant(grant: RefreshGrant, signal: AbortSignal | undefined): Promise<GrantedToken> {
  const form = new URLSearchParams({ grant_type: 'refresh_token', ...grant.credentials });
  const res = await fetchRemote(grant.provider, grant.url, { method: 'POST', body: form, signal });
  // An answer cut short is a network failure like any other.
  const { text, json } = await readBody(res).catch((error: unknown) => {
    throw signal?.aborted ? abortError(signal) : unreachable(grant.provider, error);
  });
  if (!res.ok) throw grant.refused({ status: res.status, text, json });
  const body = json as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (typeof body?.access_token !== 'string') throw grant.malformed(res.status);
  return { token: body.access_token, lifetimeMs: (Number(body.expires_in) || grant.defaultLifetimeS) * 1000 };
}
