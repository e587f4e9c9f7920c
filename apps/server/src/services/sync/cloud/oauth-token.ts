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
