import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { Button, EmptyState } from '../../ui';
import { NotFoundPage } from './not-found-page';
import { useTranslation } from '../../lib/i18n';

/** Error element of the page routes: 404 responses (plugin off, bad sport link) show not-found. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <EmptyState
      size="page"
      tone="error"
      icon={<AlertTriangle size={40} />}
      title={t('errors.boundaryTitle')}
      text={t('errors.boundaryText')}
      action={
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}
