import { useEffect } from 'react';
import { AboutSection } from './about-section';
import { ContactSection } from './contact-section';
import { CtaSection } from './cta-section';
import { FactsSection } from './facts/facts-section';
import { HeroSection } from './hero-section';
import { installReveal } from './reveal';
import { ServicesSection } from './services-section';
import { ValueSection } from './value-section';
import { VideoSection } from './video-section';

/** The id of the element holding the proof sections the server wrote (docs/content.md). */
export const HOME_PROOF_ID = 'proof';

/**
 * The home page, sections in their order (docs/product.md, "Home page"). `proof` is the HTML
 * of the published case studies, testimonials and logos (server/proof/home-sections.ts), after
 * About; with nothing published there is none, and no element for it.
 */
export function HomePage({ proof }: { proof?: string | undefined }) {
  useEffect(() => installReveal(), []);
  return (
    <main id="main">
      <HeroSection />
      <FactsSection />
      <ValueSection />
      <ServicesSection />
      <VideoSection />
      <CtaSection />
      <AboutSection />
      {proof ? <div id={HOME_PROOF_ID} dangerouslySetInnerHTML={{ __html: proof }} /> : null}
      <ContactSection />
    </main>
  );
}
