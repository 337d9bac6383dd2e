import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Set when no customer is known for the view's MAC: the device sections then fail as expected, so their
 * cards say there is nothing to show instead of an error (the findings already say why, once).
 */
export const NoCustomerContext = createContext(false);

/** What a card says instead of its section's error when the MAC has no customer (undefined otherwise). */
export function useNoCustomerNote(): string | undefined {
  const { t } = useTranslation('insight360');
  return useContext(NoCustomerContext) ? t('noCustomerSection') : undefined;
}
