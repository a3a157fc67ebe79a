-- Issue 28: covers every destination accepts. A drawn SVG cover gets a PNG (1200×630) beside it, made the first time
-- it is needed (a blog page's og:image, a destination's upload) and kept: `raster_of` is the SVG it was rendered
-- from, one raster per source; deleting the SVG deletes its raster.
alter table media add column raster_of uuid references media(id) on delete cascade;
create unique index media_raster_of_idx on media (raster_of) where raster_of is not null;
