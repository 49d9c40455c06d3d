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

/** The home page, sections in their order (docs/product.md, "Home page"). */
export function HomePage() {
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
      <ContactSection />
    </main>
  );
}
