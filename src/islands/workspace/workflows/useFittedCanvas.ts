import { useNodesInitialized, useReactFlow } from '@xyflow/react';
import { useEffect, useRef } from 'react';
import type { Box } from './placement.ts';

/** The whole graph in view, with a little room around it; never larger than life. */
export const FIT = { padding: 0.12, maxZoom: 1 };

/**
 * The canvas's view: the graph is fitted once its nodes are measured (React Flow's own fitView prop ran before that
 * and left the default graph clipped), and again when asked (a node placed beside a crowded view). `visibleBox` is
 * the part of the canvas on screen in flow coordinates, for placing a new node where it can be seen.
 */
export function useFittedCanvas() {
  const flow = useReactFlow();
  const measured = useNodesInitialized();
  const canvasRef = useRef<HTMLDivElement>(null);
  const fitted = useRef(false);
  const refit = useRef(false);

  useEffect(() => {
    if (!measured || (fitted.current && !refit.current)) return;
    fitted.current = true;
    refit.current = false;
    void flow.fitView(FIT);
  }, [measured, flow]);

  /** The part of the canvas on screen (it may be partly scrolled out of the window), in flow coordinates. */
  function visibleBox(): Box | null {
    const canvas = canvasRef.current;
    if (!canvas) return null;
    let rect = canvas.getBoundingClientRect();
    if (rect.bottom <= 0 || rect.top >= window.innerHeight) {
      canvas.scrollIntoView({ block: 'nearest' });
      rect = canvas.getBoundingClientRect();
    }
    const top = flow.screenToFlowPosition({ x: rect.left, y: Math.max(rect.top, 0) });
    const bottom = flow.screenToFlowPosition({ x: rect.right, y: Math.min(rect.bottom, window.innerHeight) });
    return { x: top.x, y: top.y, width: bottom.x - top.x, height: bottom.y - top.y };
  }

  return {
    canvasRef,
    visibleBox,
    /** Fits the graph again once the nodes just added are measured. */
    refitWhenMeasured: () => {
      refit.current = true;
    },
  };
}
