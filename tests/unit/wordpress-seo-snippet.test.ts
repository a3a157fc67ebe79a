// The snippet docs/operations.md gives for Yoast SEO and Rank Math ("Publishing to WordPress", which the delivery
// note points at) opens exactly the meta fields the WordPress adapter writes, in the way WordPress needs for the REST
// API to take them; the test WordPress installs that very block (tests/fixtures/wordpress/start.ts), so
// tests/api/publish-wordpress.test.ts publishes through it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SEO_KEYS } from '../../api/destinations/wordpress-api.ts';
import { SEO_SNIPPET_FILE, seoFieldsSnippet } from '../fixtures/wordpress/start.ts';

describe("docs/operations.md's snippet for SEO plugins' fields", () => {
  const snippet = seoFieldsSnippet();

  it('is a whole must-use plugin, saved under the name the docs give', () => {
    expect(snippet.startsWith('<?php\n')).toBe(true);
    expect(snippet).toContain('Plugin Name:');
    expect(readFileSync('docs/operations.md', 'utf8')).toContain(`\`wp-content/mu-plugins/${SEO_SNIPPET_FILE}\``);
    expect(readFileSync('api/destinations/wordpress.ts', 'utf8')).toContain('("Publishing to WordPress")');
  });

  it('opens exactly the keys the adapter writes for Yoast SEO and Rank Math', () => {
    const listed = [...(/\$keys = \[([^\]]*)\]/.exec(snippet)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
    const written = Object.values(SEO_KEYS).flatMap((keys) => Object.values(keys));

    expect(listed.sort()).toEqual([...written].sort());
  });

  it('registers each as a single string shown in REST, editable by users who may edit posts', () => {
    expect(snippet).toMatch(/register_post_meta\('post', \$key, \[/);
    expect(snippet).toContain("'show_in_rest' => true");
    expect(snippet).toContain("'single' => true");
    expect(snippet).toContain("'type' => 'string'");
    expect(snippet).toContain("'auth_callback' => fn () => current_user_can('edit_posts')");
  });
});
