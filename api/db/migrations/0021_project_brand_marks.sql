-- Issue 15, the blog in the project's brand: what the brand task found on the website's home page besides its
-- words, so the workspace can offer it as the blog's logo and colour. Suggestions only: the blog itself is drawn
-- with blog_logo_url and blog_accent_color (migration 0012), which only an owner or editor sets.
alter table projects
  -- an absolute http(s) address of the site's logo (its logo image, og:logo or touch icon), as the site gave it
  add column brand_logo_url text,
  -- the site's theme-color, when it declares one as a hex colour
  add column brand_color text check (brand_color ~ '^#[0-9a-f]{6}$');
