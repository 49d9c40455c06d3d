import type { ReactNode } from 'react';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl text-center" data-reveal>
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
        {eyebrow}
      </p>
      <h2 id={id} className="mt-2 text-3xl font-bold text-ink sm:text-4xl">
        {title}
      </h2>
      {children ? <p className="mt-4 text-lg text-muted">{children}</p> : null}
    </div>
  );
}
