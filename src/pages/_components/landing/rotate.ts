// Rotating strips (spec §9.2: hero 4 s, logos 3 s, browser logos 2.5 s): [data-rotate=ms] shows one child at a time.
for (const strip of document.querySelectorAll<HTMLElement>('[data-rotate]')) {
  const items = [...strip.children] as HTMLElement[];
  const interval = Number(strip.dataset.rotate);
  let index = 0;
  if (items.length > 1 && interval > 0) {
    setInterval(() => {
      items[index]!.hidden = true;
      index = (index + 1) % items.length;
      items[index]!.hidden = false;
    }, interval);
  }
}
