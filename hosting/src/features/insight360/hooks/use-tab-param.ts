import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';

/**
 * The open tab, kept in the link's ?tab= query (so a link in a ticket opens it); the first tab is the
 * default and leaves the query out. Switching replaces the history entry.
 */
export function useTabParam<K extends string>(tabs: readonly K[]): [K, (next: K) => void] {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const param = new URLSearchParams(search).get('tab');
  const tab = tabs.find((key) => key === param) ?? tabs[0]!;
  // The same function until the link changes (the tab bar is drawn again only when its tab changes).
  const setTab = useCallback(
    (next: K) => {
      const params = new URLSearchParams(search);
      if (next === tabs[0]) params.delete('tab');
      else params.set('tab', next);
      const query = params.toString();
      navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
    },
    [location, search, navigate, tabs],
  );
  return [tab, setTab];
}
