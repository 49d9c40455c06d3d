import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSiteContent } from '../../shared/site-content-defaults';
import { SiteContentProvider } from './site-content-context';
import { VideoSection, autoplayUrl } from './video-section';

afterEach(cleanup);

function renderWithVideo(embedUrl: string) {
  const content = {
    ...defaultSiteContent,
    video: { ...defaultSiteContent.video, embedUrl },
  };
  return render(
    <SiteContentProvider content={content}>
      <VideoSection />
    </SiteContentProvider>,
  );
}

describe('VideoSection', () => {
  it('without an address is not shown at all, rather than promising a recording', () => {
    const { container } = renderWithVideo('');
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('heading', { name: 'See AI in Action' })).toBeNull();
  });

  it('with an address loads the player only when asked, with autoplay on', async () => {
    renderWithVideo('https://www.youtube-nocookie.com/embed/abc123?rel=0');
    expect(screen.getByRole('heading', { name: 'See AI in Action' })).toBeVisible();
    expect(document.querySelector('iframe')).toBeNull();
    const play = screen.getByRole('button', { name: 'Play video: Facility analytics demo' });
    // The page's beacon counts a press on it as the video's start (analytics-beacon.ts).
    expect(play).toHaveAttribute('data-event', 'video_play');
    await userEvent.click(play);
    const frame = screen.getByTitle('Facility analytics demo') as HTMLIFrameElement;
    expect(frame.src).toBe('https://www.youtube-nocookie.com/embed/abc123?rel=0&autoplay=1');
    expect(frame.parentElement?.className).toContain('aspect-video');
  });

  it('autoplayUrl keeps the other parameters', () => {
    expect(autoplayUrl('https://player.vimeo.com/video/1?h=x')).toBe(
      'https://player.vimeo.com/video/1?h=x&autoplay=1',
    );
  });
});
