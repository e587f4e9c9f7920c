import { test as base, expect } from '@playwright/test';
import { Api } from './api';
import { LoginPage } from '../pages/login.page';
import { ShellPage } from '../pages/shell.page';

// A worker talks to its own service (global-setup.ts starts one per worker): TEST_PARALLEL_INDEX is the worker's
// slot, set by Playwright before this module loads, so every `process.env.E2E_BASE_URL` read in a worker is its own.
const serviceURLs = process.env.E2E_BASE_URLS?.split(' ').filter(Boolean) ?? [];
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (serviceURLs.length) process.env.E2E_BASE_URL = serviceURLs[slot % serviceURLs.length];

interface Fixtures {
  adminPassword: string;
  /** An API client, not logged in. */
  api: Api;
  /** An API client logged in as admin. */
  adminApi: Api;
  loginPage: LoginPage;
  shell: ShellPage;
}

function fromEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests through playwright.config.ts (its global setup starts the service).`);
  return value;
}

/** The tests' `test`: baseURL and the admin password of the service started by the global setup, plus page objects. */
export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring
  baseURL: async ({}, use) => use(fromEnv('E2E_BASE_URL')),
  // biome-ignore lint/correctness/noEmptyPattern: as above
  adminPassword: async ({}, use) => use(fromEnv('E2E_ADMIN_PASSWORD')),
  api: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext();
    await use(new Api(request, baseURL!));
    await request.dispose();
  },
  adminApi: async ({ playwright, baseURL, adminPassword }, use) => {
    const request = await playwright.request.newContext();
    const api = new Api(request, baseURL!);
    await api.login('admin', adminPassword);
    await use(api);
    await api.removeCreated('admin', adminPassword);
    await request.dispose();
  },
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  shell: async ({ page }, use) => use(new ShellPage(page)),
});

export { expect };
