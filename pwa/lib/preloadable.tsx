import { lazy, type ComponentType } from 'react';

/**
 * A screen whose code is fetched on demand but can be asked for early. Rendered after `preload()` finished, it draws
 * at once; rendered before, it suspends like `React.lazy`. Asking early matters: a suspended first render shows a
 * fallback that React then holds for at least 300 ms.
 */
export function preloadable<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | null = null;
  let loading: Promise<ComponentType<Props>> | null = null;

  function preload(): Promise<ComponentType<Props>> {
    loading ??= load().then((component) => (loaded = component));
    return loading;
  }

  const Lazy = lazy(() => preload().then((component) => ({ default: component })));

  function Preloadable(props: Props) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }

  return { Component: Preloadable, preload };
}
