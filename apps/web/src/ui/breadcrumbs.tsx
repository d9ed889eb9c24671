import { Fragment } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import clsx from 'clsx';
import './breadcrumbs.css';
import { useTranslation } from '../lib/i18n';

export interface BreadcrumbItem {
  label: string;
  /** Link target; the last item (current page) usually has none. */
  to?: string;
}

export interface BreadcrumbsProps {
  items: BreadcrumbItem[];
  /** Prepends a 'Home' crumb linking to '/' (default true). */
  withHome?: boolean;
  className?: string;
}

export function Breadcrumbs({ items, withHome = true, className }: BreadcrumbsProps) {
  const { t } = useTranslation();
  const all: BreadcrumbItem[] = withHome ? [{ label: t('breadcrumbs.home'), to: '/' }, ...items] : items;
  return (
    <nav aria-label={t('breadcrumbs.label')} className={clsx('ui-breadcrumbs', className)}>
      <ol role="list">
        {all.map((item, index) => {
          const isLast = index === all.length - 1;
          return (
            <Fragment key={`${item.label}-${index}`}>
              <li className="ui-breadcrumbs__item">
                {item.to && !isLast ? (
                  <Link to={item.to}>{item.label}</Link>
                ) : (
                  <span aria-current={isLast ? 'page' : undefined}>{item.label}</span>
                )}
              </li>
              {!isLast && (
                <li className="ui-breadcrumbs__sep" aria-hidden="true">
                  <ChevronRight size={14} />
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
