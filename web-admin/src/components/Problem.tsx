// An error as the API worded it (its detail names what is wrong), announced to screen readers.
import { useTranslation } from 'react-i18next';
import { ApiProblem } from '../api/problem.ts';

export function Problem({ error, onRetry }: { readonly error: unknown; readonly onRetry?: () => void }) {
  const { t } = useTranslation();
  if (error === null || error === undefined) return null;
  const detail = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiProblem ? error.errors : [];
  return (
    <div role="alert" className="problem">
      <strong>{t('state.error')}</strong>: {detail}
      {fields.length > 0 && (
        <ul>
          {fields.map((field) => (
            <li key={field.path}>
              <code>{field.path}</code>: {field.message}
            </li>
          ))}
        </ul>
      )}
      {onRetry !== undefined && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('actions.retry')}
        </button>
      )}
    </div>
  );
}

export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="loading" aria-live="polite">
      {t('state.loading')}
    </p>
  );
}
