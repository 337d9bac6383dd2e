/**
 * A tooltip whose code (MUI's Tooltip and its positioning engine, about 10 KB gzipped) loads the first
 * time one shows — on hover, on keyboard focus, or when a finger rests on the element — not with the page.
 * Until then the element is rendered as it is, with nothing around it: no positioning code at start and
 * no second render after mount (MUI's Tooltip renders twice as it mounts, to read its child). The element
 * names itself (its aria-label or its text), never through the hint alone. Escape closes the hint.
 */
import {
  cloneElement,
  lazy,
  Suspense,
  useState,
  type FocusEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type TouchEvent,
} from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** How long a finger rests on the element before its hint shows, and how long the hint stays after (MUI's). */
export const TOUCH_HOLD_MS = 700;
export const TOUCH_LEAVE_MS = 1500;

/** The pending long-press or hide timer of each element a finger touched. */
const touchTimers = new WeakMap<HTMLElement, number>();

/** When (event time) a finger last touched each element: the mouse events a browser emulates after a tap follow it. */
const touched = new WeakMap<HTMLElement, number>();
const TOUCH_MOUSE_MS = 1_000;
const touchedLately = (target: HTMLElement, at: number) =>
  at - (touched.get(target) ?? -Infinity) < TOUCH_MOUSE_MS;

/** Runs `then` `ms` after a touch on `target`, in place of what its previous touch left pending. */
function afterTouch(target: HTMLElement, ms: number, then: () => void): void {
  window.clearTimeout(touchTimers.get(target));
  touchTimers.set(target, window.setTimeout(then, ms));
}

export interface HintHandlers {
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
  onTouchEnd?: (event: TouchEvent<HTMLElement>) => void;
  onTouchMove?: (event: TouchEvent<HTMLElement>) => void;
  onTouchCancel?: (event: TouchEvent<HTMLElement>) => void;
}

interface Props {
  title: ReactNode;
  arrow?: boolean;
  placement?: TooltipProps['placement'];
  children: ReactElement<HintHandlers>;
}

export function Hint({ title, arrow, placement, children }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Nothing is recorded without a text (the collapsed drawer's items have one only when collapsed).
  const show = (target: HTMLElement) => {
    if (title) setAnchor(target);
  };
  const own = children.props;
  const item = cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      // A phone's tap is followed by emulated mouse events: a tap shows nothing.
      if (!touchedLately(event.currentTarget, event.timeStamp)) show(event.currentTarget);
      own.onMouseEnter?.(event);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      if (!touchedLately(event.currentTarget, event.timeStamp)) setAnchor(null);
      own.onMouseLeave?.(event);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      // The focused element may be inside the one the hint is for (a button in a span).
      if ((event.target as HTMLElement).matches(':focus-visible')) show(event.currentTarget);
      own.onFocus?.(event);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      setAnchor(null);
      own.onBlur?.(event);
    },
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      const target = event.currentTarget;
      touched.set(target, event.timeStamp);
      afterTouch(target, TOUCH_HOLD_MS, () => show(target));
      own.onTouchStart?.(event);
    },
    onTouchEnd: (event: TouchEvent<HTMLElement>) => {
      touched.set(event.currentTarget, event.timeStamp);
      afterTouch(event.currentTarget, TOUCH_LEAVE_MS, () => setAnchor(null));
      own.onTouchEnd?.(event);
    },
    // A finger that scrolls, or a touch the browser takes back, shows nothing and hides what was shown.
    onTouchMove: (event: TouchEvent<HTMLElement>) => {
      afterTouch(event.currentTarget, 0, () => setAnchor(null));
      own.onTouchMove?.(event);
    },
    onTouchCancel: (event: TouchEvent<HTMLElement>) => {
      afterTouch(event.currentTarget, 0, () => setAnchor(null));
      own.onTouchCancel?.(event);
    },
  });
  return (
    <>
      {item}
      {anchor && title ? (
        <Suspense fallback={null}>
          <Tooltip
            open
            title={title}
            arrow={arrow}
            placement={placement}
            onClose={() => setAnchor(null)}
            slotProps={{ popper: { anchorEl: anchor } }}
          >
            <span hidden />
          </Tooltip>
        </Suspense>
      ) : null}
    </>
  );
}
