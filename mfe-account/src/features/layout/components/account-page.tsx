import { PageHeader } from '@marketplace/shared';
import type { ReactNode } from 'react';
import './account-page.css';

interface AccountPageProps {
  title: string;
  /** Extra control at the right of the header, e.g. the language switch on the login page. */
  right?: ReactNode;
  /** Tab pages (Me) have nothing to go back to. */
  hideBack?: boolean;
  children: ReactNode;
}

/** Every account screen: the shared header with its translated title and back button, then content. */
export const AccountPage = ({ title, right, hideBack, children }: AccountPageProps) => (
  <div className="account-page">
    <PageHeader title={title} right={right} hideBack={hideBack} />
    <div className="account-page__body">{children}</div>
  </div>
);
