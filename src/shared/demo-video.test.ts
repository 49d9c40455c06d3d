import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_VIDEO } from './demo-video';

const PUBLIC = path.resolve(import.meta.dirname, '../../public');

describe('the bundled demo video files', () => {
  it('exist, and each name holds its content hash (they are cached for a year as immutable)', () => {
    const names = [DEMO_VIDEO.video, DEMO_VIDEO.poster, DEMO_VIDEO.captions];
    for (const address of names) {
      const bytes = readFileSync(path.join(PUBLIC, address));
      const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 10);
      expect(path.basename(address), 'regenerate with scripts/demo-video/make.ts').toMatch(
        new RegExp(`^facility-demo\\.${hash.replace(/-/g, '\\-')}\\.(mp4|webp|vtt)$`),
      );
    }
    // No forgotten older version beside them.
    expect(readdirSync(path.join(PUBLIC, 'media')).sort()).toEqual(
      names.map((address) => path.basename(address)).sort(),
    );
  });

  it('stays small: the video under 2 MB, the poster under 40 KB', () => {
    const size = (address: string) => readFileSync(path.join(PUBLIC, address)).byteLength;
    expect(size(DEMO_VIDEO.video)).toBeLessThan(2_000_000);
    expect(size(DEMO_VIDEO.poster)).toBeLessThan(40_000);
  });
});
