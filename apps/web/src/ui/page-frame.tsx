import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Breadcrumbs, type BreadcrumbItem } from './breadcrumbs';
import './page-frame.css';

export interface PageFrameProps {
  title?: ReactNode;
  /** Breadcrumb trail after 'Home'; omit to hide breadcrumbs. */
  breadcrumbs?: BreadcrumbItem[];
  /** Controls shown at the right of the title (filters, buttons). */
  actions?: ReactNode;
  /** Optional line under the title. */
  subtitle?: ReactNode;
  /** 'default' is the 1200 px content column; 'wide' fills the available width; 'narrow' is for text and forms. */
  width?: 'default' | 'wide' | 'narrow';
  /** Sets document.title when the title is a string (default true). */
  setDocumentTitle?: boolean;
  className?: string;
  children?: ReactNode;
}

/** The frame every page uses: breadcrumbs, title row with actions, centred content with a max width. */
export function PageFrame({
  title,
  breadcrumbs,
  actions,
  subtitle,
  width = 'default',
  setDocumentTitle = true,
  className,
  children,
}: PageFrameProps) {
  return (
    <div className={clsx('ui-page', `ui-page--${width}`, className)}>
      {setDocumentTitle && typeof title === 'string' && <title>{title}</title>}
      {(breadcrumbs || title || actions) && (
        <header className="ui-page__header">
          {breadcrumbs && <Breadcrumbs items={breadcrumbs} className="ui-page__crumbs" />}
          {(title || actions) && (
            <div className="ui-page__title-row">
              {title && (
                <div className="ui-page__titles">
                  <h1 className="ui-page__title">{title}</h1>
                  {subtitle && <p className="ui-page__subtitle">{subtitle}</p>}
                </div>
              )}
              {actions && <div className="ui-page__actions">{actions}</div>}
            </div>
          )}
        </header>
      )}
      <div className="ui-page__content">{children}</div>
    </div>
  );
}
