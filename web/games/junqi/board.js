// junqi's board as SVG, drawn from the geometry the server sends (wire-protocol.md §5): nothing
// about a board's shape is known here. The viewer's own seat is turned to the bottom.

import { svg } from '../../dom.js';

/** @typedef {import('./protocol.js').Board} Board */
/** @typedef {import('./protocol.js').BoardPost} BoardPost */
/** @typedef {import('./protocol.js').Cell} Cell */

/** Each seat's colour, and dark chess's two colours (`x`: a piece of unknown colour). */
export const SEAT_COLOURS = /** @type {Record<string, string>} */ ({
  s: '#c92a2a',
  e: '#2b8a3e',
  n: '#1864ab',
  w: '#b35c00',
  r: '#c92a2a',
  u: '#1864ab',
  x: '#6c6f73',
});

/** @param {string} owner */
export const seatColour = (owner) => SEAT_COLOURS[owner] ?? '#555';

/**
 * What to draw on top of the board's geometry.
 * @typedef {object} Scene
 * @property {Cell[]} cells
 * @property {Set<string>} [selectable]  posts whose piece may be picked
 * @property {string | null} [selected]
 * @property {Set<string>} [moveTargets]
 * @property {Set<string>} [attackTargets]
 * @property {{seat: string, path: string[]}[]} [lastMoves]
 */

const QUARTER_TURNS = /** @type {Record<string, number>} */ ({
  bottom: 0,
  right: 1,
  top: 2,
  left: 3,
});

/** A drawn board: static geometry plus a layer redrawn from each Scene. */
export class BoardView {
  /**
   * @param {Board} board
   * @param {string | null} bottomSeat  the seat drawn at the bottom (null: as the server draws)
   * @param {(letter: string) => {short: string, long: string}} pieceName
   * @param {(post: string) => void} onPost  called with the post name of every click
   */
  constructor(board, bottomSeat, pieceName, onPost) {
    this.board = board;
    this.pieceName = pieceName;
    const square = board.width > 6;
    // 2p posts sit in wide rows (tiles are wider than tall); the 4p cross needs a square grid
    // because its side areas are the bottom area turned.
    this.unitX = square ? 40 : 64;
    this.unitY = square ? 40 : 40;
    this.tileW = square ? 36 : 52;
    this.tileH = square ? 22 : 26;
    const side = board.seats.find((seat) => seat.seat === bottomSeat)?.side ?? 'bottom';
    this.turns = QUARTER_TURNS[side] ?? 0;
    /** @type {Map<string, {x: number, y: number, post: BoardPost}>} */
    this.points = new Map();
    let [width, height] = [board.width, board.height];
    if (this.turns % 2 === 1) [width, height] = [height, width];
    for (const post of board.posts) {
      const [gx, gy] = this.turn(post.x, post.y);
      this.points.set(post.name, {
        x: (gx + 0.5) * this.unitX + 8,
        y: (gy + 0.5) * this.unitY + 8,
        post,
      });
    }
    const viewWidth = width * this.unitX + 16;
    const viewHeight = height * this.unitY + 16;
    this.element = /** @type {SVGSVGElement} */ (
      svg('svg', {
        class: `board board-${board.mode}`,
        viewBox: `0 0 ${viewWidth} ${viewHeight}`,
        role: 'img',
        'data-mode': board.mode,
      })
    );
    this.element.append(this.drawGeometry(viewWidth, viewHeight));
    this.layer = svg('g', { class: 'scene' });
    this.element.append(this.layer);
    this.element.addEventListener('click', (event) => {
      const target = /** @type {Element} */ (event.target).closest('[data-post]');
      const name = target?.getAttribute('data-post');
      if (name) onPost(name);
    });
  }

  /**
   * Grid coordinates after turning the board so the bottom seat is at the bottom.
   * @param {number} x
   * @param {number} y
   * @returns {[number, number]}
   */
  turn(x, y) {
    let [w, h] = [this.board.width, this.board.height];
    for (let i = 0; i < this.turns; i++) {
      // One quarter turn clockwise: the right side comes to the bottom.
      [x, y] = [h - 1 - y, x];
      [w, h] = [h, w];
    }
    return [x, y];
  }

  /**
   * @param {number} width
   * @param {number} height
   */
  drawGeometry(width, height) {
    const group = svg('g', { class: 'geometry' });
    group.append(svg('rect', { class: 'board-bg', x: 0, y: 0, width, height, rx: 10 }));
    for (const [seat, box] of this.areaBoxes()) {
      group.append(
        svg('rect', {
          class: 'area',
          x: box.left - this.unitX / 2 + 3,
          y: box.top - this.unitY / 2 + 3,
          width: box.right - box.left + this.unitX - 6,
          height: box.bottom - box.top + this.unitY - 6,
          rx: 8,
          fill: seatColour(seat),
        }),
      );
    }
    const line = (/** @type {string} */ a, /** @type {string} */ b, /** @type {string} */ cls) => {
      const p = this.points.get(a);
      const q = this.points.get(b);
      return p && q ? svg('line', { class: cls, x1: p.x, y1: p.y, x2: q.x, y2: q.y }) : null;
    };
    for (const [a, b] of this.board.roads) group.append(line(a, b, 'road') ?? '');
    for (const [a, b] of this.board.railways) {
      group.append(line(a, b, 'railway') ?? '', line(a, b, 'railway-ties') ?? '');
    }
    for (const { x, y, post } of this.points.values()) group.append(this.postMarker(x, y, post));
    return group;
  }

  /** The box around each seat's area, to tint it. */
  areaBoxes() {
    /** @type {Map<string, {left: number, right: number, top: number, bottom: number}>} */
    const boxes = new Map();
    for (const { x, y, post } of this.points.values()) {
      if (!post.area || this.board.mode === 'dark') continue;
      const box = boxes.get(post.area) ?? { left: x, right: x, top: y, bottom: y };
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
      boxes.set(post.area, box);
    }
    return boxes;
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {BoardPost} post
   */
  postMarker(x, y, post) {
    const w = this.tileW;
    const h = this.tileH;
    if (post.kind === 'camp') {
      return svg('circle', { class: 'post camp', cx: x, cy: y, r: h * 0.72 });
    }
    if (post.kind === 'headquarters') {
      // An octagon-cornered frame, larger than a station: the HQ locks what enters it.
      const dx = w / 2 + 2;
      const dy = h / 2 + 3;
      const c = 6;
      const points = [
        [x - dx + c, y - dy], [x + dx - c, y - dy], [x + dx, y - dy + c], [x + dx, y + dy - c],
        [x + dx - c, y + dy], [x - dx + c, y + dy], [x - dx, y + dy - c], [x - dx, y - dy + c],
      ];
      return svg('polygon', { class: 'post headquarters', points: points.map((p) => p.join(',')).join(' ') });
    }
    return svg('rect', {
      class: `post station${post.railway ? ' on-railway' : ''}`,
      x: x - w / 2,
      y: y - h / 2,
      width: w,
      height: h,
      rx: 3,
    });
  }

  /** @param {Scene} scene */
  render(scene) {
    const layer = this.layer;
    layer.replaceChildren();
    for (const move of scene.lastMoves ?? []) layer.append(this.drawPath(move.seat, move.path));
    /** @type {Map<string, Cell>} */
    const cells = new Map(scene.cells.map((cell) => [cell.post, cell]));
    for (const [name, { x, y }] of this.points) {
      const cell = cells.get(name);
      const classes = ['spot'];
      if (scene.selectable?.has(name)) classes.push('selectable');
      if (scene.selected === name) classes.push('selected');
      if (scene.moveTargets?.has(name)) classes.push('target-move');
      if (scene.attackTargets?.has(name)) classes.push('target-attack');
      const group = svg('g', {
        class: classes.join(' '),
        'data-post': name,
        'data-owner': cell?.owner,
        'data-piece': cell ? (cell.face_down ? 'down' : cell.piece) : undefined,
      });
      const hitW = this.unitX - 2;
      const hitH = this.unitY - 2;
      group.append(
        svg('rect', { class: 'hit', x: x - hitW / 2, y: y - hitH / 2, width: hitW, height: hitH }),
      );
      if (cell) group.append(this.drawPiece(x, y, cell));
      if (scene.moveTargets?.has(name)) {
        group.append(svg('circle', { class: 'mark-move', cx: x, cy: y, r: 6 }));
      }
      if (scene.attackTargets?.has(name)) {
        group.append(
          svg('rect', {
            class: 'mark-attack',
            x: x - this.tileW / 2 - 3,
            y: y - this.tileH / 2 - 3,
            width: this.tileW + 6,
            height: this.tileH + 6,
            rx: 5,
          }),
        );
      }
      layer.append(group);
    }
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {Cell} cell
   */
  drawPiece(x, y, cell) {
    const w = this.tileW;
    const h = this.tileH;
    const hidden = cell.face_down || cell.piece === '?';
    const colour = cell.face_down ? SEAT_COLOURS.x : seatColour(cell.owner);
    const group = svg('g', { class: `piece${hidden ? ' hidden' : ''}${cell.face_down ? ' face-down' : ''}` });
    group.append(
      svg('rect', { class: 'tile', x: x - w / 2, y: y - h / 2, width: w, height: h, rx: 4, fill: colour }),
    );
    if (hidden) {
      // The back of a piece: a frame inside the tile, no name.
      group.append(
        svg('rect', { class: 'back', x: x - w / 2 + 4, y: y - h / 2 + 4, width: w - 8, height: h - 8, rx: 2 }),
      );
    } else {
      const name = this.pieceName(cell.piece);
      // Wide (CJK) characters take about 1 em, Latin letters about 0.65 em.
      const ems = [...name.short].reduce((sum, c) => sum + (c.charCodeAt(0) > 0x2e80 ? 1 : 0.65), 0);
      const size = Math.min(h * 0.62, (w - 6) / Math.max(1.6, ems));
      group.append(
        svg('title', {}, name.long),
        svg('text', { class: 'label', x, y: y + size * 0.36, 'font-size': size.toFixed(1) }, name.short),
      );
    }
    return group;
  }

  /**
   * A move's route: start dot, the posts passed, a ring at the end.
   * @param {string} seat
   * @param {string[]} path
   */
  drawPath(seat, path) {
    const points = path.map((name) => this.points.get(name)).filter((p) => p !== undefined);
    const group = svg('g', { class: 'last-move', 'data-seat': seat, stroke: seatColour(seat) });
    if (points.length === 0) return group;
    const start = points[0];
    const end = points[points.length - 1];
    group.append(
      svg('polyline', { class: 'route', points: points.map((p) => `${p.x},${p.y}`).join(' ') }),
      svg('circle', { class: 'route-start', cx: start.x, cy: start.y, r: 5, fill: seatColour(seat) }),
      svg('rect', {
        class: 'route-end',
        x: end.x - this.tileW / 2 - 4,
        y: end.y - this.tileH / 2 - 4,
        width: this.tileW + 8,
        height: this.tileH + 8,
        rx: 6,
      }),
    );
    return group;
  }
}
