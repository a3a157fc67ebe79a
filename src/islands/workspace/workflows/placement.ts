// Where a new node goes on the canvas: somewhere the user can see it, without covering a node already there.

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Room left around a placed node, so handles and edges stay clear. */
const GAP = 32;
/** The size a node is taken to have before it is drawn (a block node with a few fields). */
export const NEW_NODE_SIZE = { width: 230, height: 150 };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP;

const inside = (box: Box, view: Box) =>
  box.x >= view.x &&
  box.y >= view.y &&
  box.x + box.width <= view.x + view.width &&
  box.y + box.height <= view.y + view.height;

/**
 * A free place inside the visible part of the canvas (flow coordinates): right of the node added last, or under it,
 * so a chain reads left to right; else the middle of the view; else the first free spot scanning the view row by row.
 * Null when the view has no free place (a crowded or zoomed-in view); the caller then places the node beside the
 * graph and fits the view around both.
 */
export function freeSpotInView(
  view: Box,
  nodes: Box[],
  last: Box | null,
  size = NEW_NODE_SIZE,
): { x: number; y: number } | null {
  const candidates: { x: number; y: number }[] = [];
  if (last) {
    candidates.push({ x: last.x + last.width + GAP * 2, y: last.y });
    candidates.push({ x: last.x, y: last.y + last.height + GAP * 2 });
  }
  candidates.push({ x: view.x + (view.width - size.width) / 2, y: view.y + (view.height - size.height) / 2 });
  const step = Math.max(GAP, Math.min(size.width, size.height) / 2);
  for (let y = view.y + GAP; y + size.height <= view.y + view.height; y += step)
    for (let x = view.x + GAP; x + size.width <= view.x + view.width; x += step) candidates.push({ x, y });
  const free = candidates.find((spot) => {
    const box = { ...spot, ...size };
    return inside(box, view) && !nodes.some((node) => overlaps(box, node));
  });
  return free ? { x: Math.round(free.x), y: Math.round(free.y) } : null;
}

/** Beside the whole graph (to its right, level with its top): where a node goes when the view has no free place. */
export function besideGraph(nodes: Box[]): { x: number; y: number } {
  if (!nodes.length) return { x: 0, y: 0 };
  const right = Math.max(...nodes.map((node) => node.x + node.width));
  const top = Math.min(...nodes.map((node) => node.y));
  return { x: Math.round(right + GAP * 2), y: Math.round(top) };
}
