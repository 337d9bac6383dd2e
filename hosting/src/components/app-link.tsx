import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { Link as RouterLink } from 'wouter';
import { usePreferences } from '../providers/preferences-provider';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A router link to an app path in the current language (MUI components use it as `component`). */
export const AppLink = forwardRef<HTMLAnchorElement, Props>(function AppLink({ href, ...rest }, ref) {
  const { href: localize } = usePreferences();
  return <RouterLink ref={ref} href={localize(href)} {...rest} />;
});
