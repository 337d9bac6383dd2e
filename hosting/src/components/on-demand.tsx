/**
 * Components whose code loads the first time they open: a dialog or a menu that most visits never show
 * stays out of the page's first chunk (a phone downloads and runs less before the page is usable).
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * `load`'s component, rendered (after its code has loaded) from the first time `open` is true; nothing
 * before. `preload()` loads the code ahead of that (when the user reaches for what opens it).
 */
export function loadedWhenOpen<P extends { open?: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () => {
    loading ??= load().then((component) => ({ default: component }));
    loading.catch(() => (loading = null));
    return loading;
  };
  const Loaded = lazy(preload);
  function WhenOpen(props: P) {
    const [used, setUsed] = useState(Boolean(props.open));
    if (props.open && !used) setUsed(true);
    if (!used) return null;
    const Component = Loaded as unknown as ComponentType<P>;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Object.assign(WhenOpen, { preload });
}

/**
 * The handlers that load code ahead when the user reaches for what needs it: the pointer on it, a finger
 * on it, or the keyboard's focus (spread on the button or the bar that opens it). A failed load is left
 * to the open itself, which shows its own error.
 */
export function preloadOnIntent(preload: () => Promise<unknown>) {
  const start = () => void preload().catch(() => undefined);
  return { onPointerEnter: start, onTouchStart: start, onFocus: start };
}

/** The confirm-then-result dialog of an operation (operation-dialog.tsx), loaded when first opened. */
export const OperationDialogOnDemand = loadedWhenOpen(() =>
  import('./operation-dialog').then((module) => module.OperationDialog),
);
