import { createElement, lazy, type ComponentType } from 'react';

/** A page in its own chunk, loaded when first shown; `preload` fetches it ahead (the first route: main.tsx). */
export type LazyPage<P extends object = object> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  const fetchPage = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(fetchPage) as unknown as ComponentType<P>;
  // A page already fetched renders at once. React.lazy would commit the Suspense fallback first, and React
  // keeps a fallback up for at least 300 ms.
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload: fetchPage });
}
