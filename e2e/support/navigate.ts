import { expect, type Page } from '@playwright/test';

/**
 * Opens `route` inside the console that is already loaded, the way its own links do (`history.pushState`, then the
 * `popstate` its router listens to), instead of `page.goto`, which loads and starts the whole app again: for a test
 * that only needs a screen rendered, the reload was most of a route's time (about 0.75 s of 1.4 s per route in the
 * axe walk on an idle machine).
 *
 * Resolves once an element matching `rendered` (e.g. the page heading) is visible that was not there before the
 * navigation: what was there is marked first, so the previous screen's heading, still shown while the next screen's
 * code loads, never passes for the new one. A route that is already open is left as it is.
 */
export async function navigateInApp(page: Page, route: string, rendered: string): Promise<void> {
  await page.evaluate(
    ([path, selector]) => {
      // Already there (a second dialog of the same screen): the screen stays as it is, as after a click on its link.
      if (`${location.pathname}${location.search}` === path) return;
      for (const element of Array.from(document.querySelectorAll(selector))) element.setAttribute('data-e2e-before', '');
      history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    [route, rendered] as const,
  );
  await expect(page.locator(`:is(${rendered}):not([data-e2e-before])`).first()).toBeVisible();
}
