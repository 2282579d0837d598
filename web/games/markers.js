// Seat markers that differ by shape, not colour alone (a red and a green seat look alike to
// many eyes): a game gives each of its seats one shape, drawn on its pieces and on its card.

import { svg } from '../dom.js';

/** @typedef {'triangle' | 'circle' | 'square' | 'diamond'} Shape */

/** The shapes in the order seats get them. */
export const SHAPES = /** @type {Shape[]} */ (['triangle', 'circle', 'square', 'diamond']);

/** Each shape as a character every font has (geometric shapes, not emoji). */
export const GLYPHS = /** @type {Record<Shape, string>} */ ({
  triangle: '▲',
  circle: '●',
  square: '■',
  diamond: '◆',
});

/**
 * A shape drawn in SVG, centred on (x, y), `r` from centre to edge.
 * @param {Shape} shape
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {Record<string, string | number>} [attributes]
 */
export function markerShape(shape, x, y, r, attributes = {}) {
  const at = { class: `marker marker-${shape}`, 'data-marker': shape, ...attributes };
  const points = (/** @type {number[][]} */ list) => list.map(([px, py]) => `${(x + px).toFixed(1)},${(y + py).toFixed(1)}`).join(' ');
  switch (shape) {
    case 'circle':
      return svg('circle', { ...at, cx: x, cy: y, r: r * 0.9 });
    case 'square':
      return svg('rect', { ...at, x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6 });
    case 'diamond':
      return svg('polygon', { ...at, points: points([[0, -r], [r, 0], [0, r], [-r, 0]]) });
    default:
      return svg('polygon', { ...at, points: points([[0, -r], [r, r * 0.8], [-r, r * 0.8]]) });
  }
}
