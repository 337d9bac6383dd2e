import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { decodeMessage, type ValidationMessage } from '@insight/common/validators';

/** Turns an encoded validation message (common/src/validators.ts) into the user's language. */
export function useValidationText(): (message: string | ValidationMessage | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (message) => {
      if (message === undefined) return undefined;
      const decoded = typeof message === 'string' ? decodeMessage(message) : message;
      const { key, ...params } = decoded;
      return t(`validation.${key}`, params as Record<string, unknown>);
    },
    [t],
  );
}
