// Components of a module loaded on demand (React.lazy), with `preload` to start loading it early.
// Once the module is there, a component of it not rendered yet renders at once, without showing its
// Suspense fallback: React.lazy resolves synchronously when its factory's thenable calls back
// synchronously. So a phone that loaded a question's inputs shows that question's reveal without a
// blink, and a page that never needs the module never downloads it.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export function lazyModule<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const preload = (): Promise<M> => {
    loading ??= load().then(
      (m) => {
        loaded = m;
        return m;
      },
      (err: unknown) => {
        // A failed download (the phone went offline) is tried again on the next render.
        loading = undefined;
        throw err;
      },
    );
    return loading;
  };
  // biome-ignore lint/suspicious/noExplicitAny: a component's props, whatever they are
  function component<C extends ComponentType<any>>(pick: (m: M) => C): LazyExoticComponent<C> {
    return lazy(() => {
      const m = loaded;
      if (m !== undefined) {
        // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, that React.lazy reads at once
        const ready = { then: (resolve: (v: { default: C }) => void) => resolve({ default: pick(m) }) };
        return ready as unknown as Promise<{ default: C }>;
      }
      return preload().then((x) => ({ default: pick(x) }));
    });
  }
  return { preload, component };
}
