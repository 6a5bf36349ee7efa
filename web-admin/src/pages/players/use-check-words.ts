// The form checks' messages in the page's language.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckWords } from './players-view.ts';

export function useCheckWords(): CheckWords {
  const { t } = useTranslation('players');
  return useMemo(
    () => ({ name: t('check.name'), long: t('check.long'), id: t('check.id'), reason: t('check.reason') }),
    [t],
  );
}
