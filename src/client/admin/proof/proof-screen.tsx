import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Card } from '../ui/controls';
import { ArrowLeftIcon } from '../ui/icons';
import { ContentSections } from '../content/content-sections';

const backLinkClass =
  'inline-flex w-fit items-center gap-1 text-sm text-muted underline underline-offset-2 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none dark:hover:text-brand-300 dark:focus-visible:ring-brand-400';

/** A list screen under Content: the sections' links, then the card. */
export function ProofListScreen({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <ContentSections />
      <Card>{children}</Card>
    </div>
  );
}

/** An editor screen: back to its list, then the card. */
export function ProofEditorScreen({
  back,
  children,
}: {
  back: { to: '/admin/testimonials' | '/admin/client-logos'; label: string };
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <Link to={back.to} className={backLinkClass}>
        <ArrowLeftIcon />
        {back.label}
      </Link>
      <Card>{children}</Card>
    </div>
  );
}
