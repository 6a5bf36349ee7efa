// A page's title (its one h1) and the actions that belong to the whole page.
import type { ReactNode } from 'react';

export function PageHeader({ title, actions }: { readonly title: string; readonly actions?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {actions !== undefined && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
