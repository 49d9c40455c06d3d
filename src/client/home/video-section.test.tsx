import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_VIDEO } from '#shared/demo-video';
import type { SiteContent } from '#shared/site-content';
import { defaultSiteContent } from '#shared/site-content-defaults';
import { SiteContentProvider } from './site-content-context';
import { VideoSection, autoplayUrl } from './video-section';

afterEach(cleanup);

function renderWithVideo(video: Partial<SiteContent['video']>) {
  const content = { ...defaultSiteContent, video: { ...defaultSiteContent.video, ...video } };
  return render(
    <SiteContentProvider content={content}>
      <VideoSection />
    </SiteContentProvider>,
  );
}

describe('VideoSection', () => {
  it('shows the bundled demo by default: poster, captions, nothing preloaded, 16:9', () => {
    renderWithVideo({});
    expect(screen.getByRole('heading', { name: 'See AI in Action' })).toBeVisible();
    const video = document.querySelector('video')!;
    expect(video).toHaveAccessibleName('Facility analytics demo');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('poster', DEMO_VIDEO.poster);
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('playsinline');
    // The page's beacon counts its first play (analytics-beacon.ts).
    expect(video).toHaveAttribute('data-event', 'video_play');
    expect(video.querySelector('source')).toHaveAttribute('src', DEMO_VIDEO.video);
    expect(video.querySelector('source')).toHaveAttribute('type', 'video/mp4');
    const track = video.querySelector('track')!;
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('src', DEMO_VIDEO.captions);
    expect(track).toHaveAttribute('default');
    expect(video.parentElement?.className).toContain('aspect-video');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('without a video is not shown at all', () => {
    const { container } = renderWithVideo({ source: 'none' });
    expect(container).toBeEmptyDOMElement();
  });

  it('with a YouTube or Vimeo video loads the player only when asked, with autoplay on', async () => {
    renderWithVideo({
      source: 'embed',
      embedUrl: 'https://www.youtube-nocookie.com/embed/abc123?start=5',
    });
    expect(screen.getByRole('heading', { name: 'See AI in Action' })).toBeVisible();
    expect(document.querySelector('iframe')).toBeNull();
    expect(document.querySelector('video')).toBeNull();
    const play = screen.getByRole('button', { name: 'Play video: Facility analytics demo' });
    expect(play).toHaveAttribute('data-event', 'video_play');
    await userEvent.click(play);
    const frame = screen.getByTitle('Facility analytics demo') as HTMLIFrameElement;
    expect(frame.src).toBe('https://www.youtube-nocookie.com/embed/abc123?start=5&autoplay=1');
    expect(frame.parentElement?.className).toContain('aspect-video');
  });

  it('autoplayUrl keeps the other parameters', () => {
    expect(autoplayUrl('https://player.vimeo.com/video/1?h=x')).toBe(
      'https://player.vimeo.com/video/1?h=x&autoplay=1',
    );
  });
});
