import type { APIRequestContext } from '@playwright/test';

/** The session header of the API (spec §7). The tests talk HTTP like any client; they import nothing from the apps. */
const SESSION_HEADER = 'x-session-id';

export interface Envelope<T = unknown> {
  result: boolean;
  message: string;
  data?: T;
}

export interface NewUser {
  usercode: string;
  username?: string;
  password: string;
  role?: 'admin' | 'user';
  group?: string;
  functions?: string[];
}

export interface NewGroup {
  groupcode: string;
  groupname?: string;
  functions?: string[];
}

/** Test set-up through the HTTP API: log in, create users and groups, read the log. */
export class Api {
  private sessionId = '';
  private readonly createdUsers: string[] = [];
  private readonly createdGroups: string[] = [];

  constructor(
    private readonly request: APIRequestContext,
    private readonly baseURL: string,
  ) {}

  async raw<T = unknown>(name: string, body: unknown = {}): Promise<{ status: number; envelope: Envelope<T> }> {
    const res = await this.request.post(`${this.baseURL}/api/${name}`, {
      data: body,
      headers: this.sessionId ? { [SESSION_HEADER]: this.sessionId } : {},
    });
    return { status: res.status(), envelope: (await res.json()) as Envelope<T> };
  }

  /** A call that must succeed; its data. */
  async call<T = unknown>(name: string, body: unknown = {}): Promise<T> {
    const { status, envelope } = await this.raw<T>(name, body);
    if (status !== 200 || !envelope.result) throw new Error(`${name} failed (${status}): ${envelope.message}`);
    return envelope.data as T;
  }

  async login(usercode: string, password: string): Promise<string> {
    const data = await this.call<{ sessionID: string }>('login', { usercode, password });
    this.sessionId = data.sessionID;
    return data.sessionID;
  }

  /** The confidence monitor's preview: 200 while the service encodes, 404 while it does not. */
  async previewStatus(): Promise<number> {
    const res = await this.request.get(`${this.baseURL}/api/monitor/preview.jpg`, {
      headers: this.sessionId ? { [SESSION_HEADER]: this.sessionId } : {},
    });
    return res.status();
  }

  get session(): string {
    return this.sessionId;
  }

  async newUser(user: NewUser): Promise<void> {
    await this.call('newuser', {
      username: user.usercode,
      role: 'user',
      group: '',
      functions: [],
      ...user,
    });
    this.createdUsers.push(user.usercode);
  }

  async newGroup(group: NewGroup): Promise<void> {
    await this.call('newusergroup', { groupname: group.groupcode, functions: [], ...group });
    this.createdGroups.push(group.groupcode);
  }

  /**
   * Removes the users and groups this client created, so tests leave the shared service as they found it
   * (other specs count rows on the first page). Logs in again first: a browser login of the same user may
   * have ended this client's session.
   */
  async removeCreated(usercode: string, password: string): Promise<void> {
    if (!this.createdUsers.length && !this.createdGroups.length) return;
    await this.login(usercode, password);
    for (const code of this.createdUsers.splice(0)) await this.raw('removeuser', { usercode: code });
    for (const code of this.createdGroups.splice(0)) await this.raw('removeusergroup', { groupcode: code });
  }
}

/** A user code no other test uses, so tests never depend on each other's data. */
export function uniqueCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
