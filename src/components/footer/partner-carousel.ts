// Footer partner carousel (spec §9.2): 0.5 px per frame, drag threshold 3 px, paused while hovered or focused.
const SPEED_PX_PER_FRAME = 0.5;
const DRAG_THRESHOLD_PX = 3;

for (const strip of document.querySelectorAll<HTMLElement>('[data-partner-carousel]')) {
  let paused = matchMedia('(prefers-reduced-motion: reduce)').matches;
  let position = strip.scrollLeft;
  let start: { x: number; scroll: number } | null = null;
  let dragged = false;
  let visible = false;
  const gap = parseFloat(getComputedStyle(strip).columnGap) || 0;

  const frame = () => {
    if (!visible) return;
    const set = (strip.scrollWidth + gap) / Number(strip.dataset.copies ?? 2);
    if (!paused && !start && strip.scrollWidth - strip.clientWidth >= set) {
      position += SPEED_PX_PER_FRAME;
      if (position >= set) position -= set;
      strip.scrollLeft = position;
    }
    requestAnimationFrame(frame);
  };
  // frames run only while the strip is on screen, so the carousel costs nothing during page load
  new IntersectionObserver(([entry]) => {
    const wasVisible = visible;
    visible = entry?.isIntersecting ?? false;
    if (visible && !wasVisible) requestAnimationFrame(frame);
  }).observe(strip);

  strip.addEventListener('mouseenter', () => (paused = true));
  strip.addEventListener('mouseleave', () => (paused = false));
  strip.addEventListener('focusin', () => (paused = true));
  strip.addEventListener('focusout', () => (paused = false));
  strip.addEventListener('pointerdown', (event) => {
    start = { x: event.clientX, scroll: strip.scrollLeft };
    dragged = false;
  });
  strip.addEventListener('pointermove', (event) => {
    if (!start) return;
    const distance = event.clientX - start.x;
    if (Math.abs(distance) > DRAG_THRESHOLD_PX) dragged = true;
    if (dragged) strip.scrollLeft = position = start.scroll - distance;
  });
  const release = () => (start = null);
  strip.addEventListener('pointerup', release);
  strip.addEventListener('pointercancel', release);
  strip.addEventListener(
    'click',
    (event) => {
      if (dragged) event.preventDefault();
      dragged = false;
    },
    true,
  );
}
