// Names shared with other players, as the API flagged them: registered as given, never renamed, shown so the
// organizer can check they are different people.
import { useTranslation } from 'react-i18next';
import type { DuplicateName } from './players-view.ts';

export function DuplicateNotice({ duplicates }: { readonly duplicates: readonly DuplicateName[] }) {
  const { t } = useTranslation('players');
  if (duplicates.length === 0) return null;
  return (
    <div className="notice players-duplicates" role="status">
      <strong>{t('duplicates.title')}</strong>
      <p>{t('duplicates.explain')}</p>
      <ul>
        {duplicates.map((duplicate) => (
          <li key={duplicate.name}>
            {t('duplicates.item', { name: duplicate.name, ids: duplicate.playerIds.join(', ') })}
            {duplicate.rows.length > 0 && (
              <>
                {' '}
                ({t('duplicates.rows', { rows: duplicate.rows.join(', '), count: duplicate.rows.length })})
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
