import { describe, expect, it } from 'vitest';
import { ImageCache, type CachedImage } from '../src/images/image-cache.js';

const image = (bytes: number): CachedImage => ({ body: Buffer.alloc(bytes), type: 'image/webp', etag: `"${bytes}"` });

describe('ImageCache (renditions bounded by bytes)', () => {
  it('drops the least recently used renditions once the bytes are over the bound', () => {
    const cache = new ImageCache(100);
    cache.set('a', image(40));
    cache.set('b', image(40));
    expect(cache.get('a')).toBeDefined(); // a used last: b goes first
    cache.set('c', image(40));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.body.length).toBe(40);
    expect(cache.get('c')?.body.length).toBe(40);
  });

  it('keeps no rendition larger than the whole cache, and what is there stays', () => {
    const cache = new ImageCache(100);
    cache.set('a', image(60));
    cache.set('a', image(101));
    expect(cache.get('a')?.body.length).toBe(60);
  });

  it('keeps nothing with no bytes allowed', () => {
    const cache = new ImageCache(0);
    cache.set('a', image(1));
    expect(cache.get('a')).toBeUndefined();
  });
});
