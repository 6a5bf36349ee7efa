// An address the app does not know.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section>
      <h1>{t('state.notFound')}</h1>
      <Link to="/">{t('actions.back')}</Link>
    </section>
  );
}
