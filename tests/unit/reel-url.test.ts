import { describe, expect, it } from 'vitest';
import { parseReelUrl } from '../../api/providers/instagram/reel-url.ts';
import { hashtags, readPostPage } from '../../api/providers/instagram/page.ts';
import { sanitizeEmbed } from '../../api/providers/instagram/embed.ts';

describe('parseReelUrl', () => {
  it.each([
    ['https://www.instagram.com/reel/C9xYz12AbCd/', 'reel', 'C9xYz12AbCd'],
    ['https://instagram.com/reels/C9xYz12AbCd', 'reel', 'C9xYz12AbCd'],
    ['https://www.instagram.com/p/C9xYz12AbCd/?igsh=MWQ1ZGUxMzBkMA==', 'p', 'C9xYz12AbCd'],
    ['https://instagr.am/tv/B_x-Yz12/', 'tv', 'B_x-Yz12'],
    ['  http://WWW.INSTAGRAM.COM/reel/C9xYz12AbCd/  ', 'reel', 'C9xYz12AbCd'],
  ])('accepts %s', (input, kind, code) => {
    expect(parseReelUrl(input)).toEqual({ kind, code, url: `https://www.instagram.com/${kind}/${code}/` });
  });

  it.each([
    'https://www.tiktok.com/@a/video/1',
    'https://instagram.com.evil.example/reel/C9xYz12AbCd/',
    'https://evil.example/instagram.com/reel/C9xYz12AbCd/',
    'https://www.instagram.com/someone/',
    'https://www.instagram.com/reel/',
    'https://www.instagram.com/stories/someone/123/',
    'https://www.instagram.com:8443/reel/C9xYz12AbCd/',
    'https://user@www.instagram.com/reel/C9xYz12AbCd/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'C9xYz12AbCd',
    '',
  ])('refuses %s', (input) => {
    expect(parseReelUrl(input)).toBeNull();
  });
});

describe('post page reading', () => {
  it('reads title, caption, hashtags, video and thumbnail from Open Graph tags', () => {
    const html = `<meta content="Chef on Instagram: &quot;Pasta night #Food&quot;" property="og:title">
      <meta property="og:description" content="Recipe inside #food #pasta_lovers #Recipe2024 &amp; more">
      <meta property="og:video" content="https://cdn.example/v.mp4"><meta property="og:image" content="/t.jpg">`;

    const post = readPostPage(html, 'https://www.instagram.com/reel/X/');

    expect(post).toEqual({
      title: 'Chef on Instagram: "Pasta night #Food"',
      caption: 'Recipe inside #food #pasta_lovers #Recipe2024 & more',
      tags: ['food', 'pasta_lovers', 'recipe2024'],
      mediaUrl: 'https://cdn.example/v.mp4',
      thumbnailUrl: 'https://www.instagram.com/t.jpg',
    });
  });

  it('keeps hashtags in letters of any script', () => {
    expect(hashtags('#café #東京 #a-b')).toEqual(['café', '東京', 'a']);
  });

  it('drops everything from embed HTML except the Instagram blockquote and the official script', () => {
    const dirty = `<blockquote class="instagram-media" onclick="x" data-instgrm-permalink="https://www.instagram.com/p/X/"><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></blockquote><script>alert(1)</script><script src="https://evil.example/embed.js"></script><iframe src="https://evil.example"></iframe><script async src="https://www.instagram.com/embed.js"></script>`;

    expect(sanitizeEmbed(dirty)).toBe(
      '<blockquote class="instagram-media" data-instgrm-permalink="https://www.instagram.com/p/X/"></blockquote><script async src="https://www.instagram.com/embed.js"></script>',
    );
  });
});
