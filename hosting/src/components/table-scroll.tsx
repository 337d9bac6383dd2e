/**
 * The frame of a table wider than a phone: it scrolls sideways, and while it does it is a named region that
 * takes the focus, so that a keyboard scrolls it too (WCAG 2.1.1; axe's `scrollable-region-focusable`).
 * A frame whose table fits is no tab stop.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    // The observer's first call comes once the layout is done: no layout forced in the middle of a render
    // (a view mounts several of these frames at once).
    if (typeof ResizeObserver === 'undefined') return measure();
    // The frame follows the screen's width, the table its content (a value that arrives, a language).
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <Box
      ref={frame}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
      data-scrolls={scrolls}
      sx={{
        overflowX: 'auto',
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}
