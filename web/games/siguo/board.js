// 四國戰棋's board as SVG, drawn from the geometry the server sends: the 18×18 points, the
// cross-shaped border, each region's deployment zone and boundary, the bases and the bombing
// zones. The viewer's region is turned to the bottom left.

import { seatName } from '../../i18n.js';
import { svg } from '../../dom.js';
import { BoardKeys } from '../keyboard.js';
import { GLYPHS, markerShape } from '../markers.js';
import { tr } from './strings.js';

/** @typedef {import('./protocol.js').Board} Board */
/** @typedef {import('./protocol.js').BoardPoint} BoardPoint */
/** @typedef {import('./protocol.js').Cell} Cell */

/** The seats' colours (§3.1: red, black, yellow, green). */
export const SEAT_COLOURS = /** @type {Record<string, string>} */ ({
  1: '#c92a2a',
  2: '#2b2b2b',
  3: '#d4a017',
  4: '#2b8a3e',
});

/** @param {string} seat */
export const seatColour = (seat) => SEAT_COLOURS[seat] ?? '#666';

/**
 * Each seat's marker shape, on its pieces and its card: red and green differ by more than
 * colour.
 * @type {Record<string, import('../markers.js').Shape>}
 */
const SEAT_SHAPES = { 1: 'triangle', 2: 'circle', 3: 'square', 4: 'diamond' };

/** @param {string} seat  a seat's marker as a character, for its card */
export const seatMarker = (seat) => GLYPHS[SEAT_SHAPES[seat] ?? 'triangle'];

/** Each seat's last-move line: a dash pattern of its own. */
const SEAT_DASHES = /** @type {Record<string, string>} */ ({ 1: 'none', 2: '9 5', 3: '2 5', 4: '12 4 2 4' });

/**
 * A capture, drawn where it happened: the capturing piece and the piece it took.
 * @typedef {object} CaptureScene
 * @property {string} to
 * @property {{seat: string, piece: string}} attacker
 * @property {{seat: string, piece: string}} defender
 */

/**
 * A seat's last move, as drawn.
 * @typedef {object} LastMark
 * @property {string} seat
 * @property {string[]} [line]  points joined by a line (a move, an exchange)
 * @property {string[]} [zone]  a bombed zone
 */

/**
 * What to draw on top of the board's geometry.
 * @typedef {object} Scene
 * @property {Cell[]} cells
 * @property {Set<string>} [selectable]  points that may be clicked first
 * @property {string | null} [selected]
 * @property {Set<string>} [targets]  points that may be clicked next
 * @property {Set<string>} [area]  points a redeployment fills, or a zone being arranged
 * @property {Set<string>} [blast]  the zone a bomb would clear
 * @property {Set<string>} [doomed]  points whose pieces the previewed bomb removes
 * @property {LastMark[]} [lastMoves]
 */

/** The board, drawn once, and a layer redrawn from each Scene. */
export class BoardView {
  /**
   * @param {Board} board
   * @param {string | null} bottomSeat  the seat whose region is turned to the bottom left
   * @param {(letter: string) => {short: string, long: string}} pieceName
   * @param {(point: string) => void} onPoint  called with the point of every click
   */
  constructor(board, bottomSeat, pieceName, onPoint) {
    this.board = board;
    this.pieceName = pieceName;
    this.unit = 34;
    this.margin = 24;
    this.turns = board.seats.find((seat) => seat.seat === bottomSeat)?.turns ?? 0;
    this.bottomSeat = bottomSeat;
    /** @type {Map<string, {x: number, y: number, gx: number, gy: number, point: BoardPoint}>} */
    this.points = new Map();
    for (const point of board.points) {
      const [gx, gy] = this.turn(point.x, point.y);
      this.points.set(point.name, { x: this.at(gx), y: this.at(gy), gx, gy, point });
    }
    const size = this.at(board.width - 1) + this.margin;
    this.element = /** @type {SVGSVGElement} */ (
      svg('svg', { class: 'board siguo-board', viewBox: `0 0 ${size} ${size}`, role: 'group', 'aria-label': tr('sg_board_keys'), 'data-turns': this.turns })
    );
    this.size = size;
    this.element.append(this.drawGeometry(size));
    this.layer = svg('g', { class: 'scene' });
    this.battleLayer = svg('g', { class: 'battles' });
    this.element.append(this.layer, this.battleLayer);
    this.element.addEventListener('click', (event) => {
      const target = /** @type {Element} */ (event.target).closest('[data-point]');
      const name = target?.getAttribute('data-point');
      if (name) onPoint(name);
    });
    this.keys = new BoardKeys(this.element, (name) => this.points.get(name), onPoint);
  }

  /** @param {number} grid */
  at(grid) {
    return this.margin + grid * this.unit;
  }

  /**
   * Grid coordinates after turning the board (one quarter turn clockwise: the right side comes
   * to the bottom).
   * @param {number} x
   * @param {number} y
   * @returns {[number, number]}
   */
  turn(x, y) {
    const side = this.board.width;
    for (let i = 0; i < this.turns; i++) [x, y] = [side - 1 - y, x];
    return [x, y];
  }

  /**
   * The box around some points, half a unit beyond them.
   * @param {string[]} names
   * @param {string} cls
   * @param {Record<string, string>} [extra]
   */
  box(names, cls, extra = {}) {
    const found = names.map((name) => this.points.get(name)).filter((p) => p !== undefined);
    const xs = found.map((p) => p.x);
    const ys = found.map((p) => p.y);
    const half = this.unit / 2;
    return svg('rect', {
      class: cls,
      x: Math.min(...xs) - half,
      y: Math.min(...ys) - half,
      width: Math.max(...xs) - Math.min(...xs) + 2 * half,
      height: Math.max(...ys) - Math.min(...ys) + 2 * half,
      ...extra,
    });
  }

  /** @param {number} size */
  drawGeometry(size) {
    const group = svg('g', { class: 'geometry' });
    group.append(svg('rect', { class: 'board-bg', x: 0, y: 0, width: size, height: size, rx: 10 }));
    const all = [...this.points.values()];
    for (const seat of this.board.seats) {
      const region = all.filter((p) => p.point.region === seat.seat);
      group.append(this.box(region.map((p) => p.point.name), 'region', { fill: seatColour(seat.seat), 'data-region': seat.seat }));
      group.append(this.box(region.filter((p) => p.point.zone).map((p) => p.point.name), 'zone', { fill: seatColour(seat.seat) }));
    }
    for (const base of this.board.bases) {
      group.append(this.box(base.zone, 'bombing-zone', { 'data-zone-of': base.name }));
    }
    const first = this.at(0);
    const last = this.at(this.board.width - 1);
    for (let line = 0; line < this.board.width; line++) {
      const at = this.at(line);
      group.append(svg('line', { class: 'grid', x1: first, y1: at, x2: last, y2: at }));
      group.append(svg('line', { class: 'grid', x1: at, y1: first, x2: at, y2: last }));
    }
    // The border lies between two lines in each direction, whichever way the board is turned.
    const border = this.at(this.board.border - 0.5);
    group.append(
      svg('line', { class: 'border', x1: border, y1: first - 10, x2: border, y2: last + 10 }),
      svg('line', { class: 'border', x1: first - 10, y1: border, x2: last + 10, y2: border }),
    );
    for (const seat of this.board.seats) {
      const points = seat.boundary.map((name) => this.points.get(name)).filter((p) => p !== undefined);
      group.append(svg('polyline', {
        class: 'boundary',
        points: points.map((p) => `${p.x},${p.y}`).join(' '),
        stroke: seatColour(seat.seat),
      }));
      const corner = this.points.get(seat.corner);
      if (corner) group.append(svg('circle', { class: 'corner', cx: corner.x, cy: corner.y, r: 13, stroke: seatColour(seat.seat) }));
    }
    for (const base of this.board.bases) {
      const p = this.points.get(base.name);
      if (!p) continue;
      const r = 14;
      group.append(svg('rect', { class: 'base', x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r, rx: 3, transform: `rotate(45 ${p.x} ${p.y})`, 'data-base': base.name }));
    }
    group.append(this.labels());
    return group;
  }

  /** The file letters and rank numbers along the bottom and left edges, as turned. */
  labels() {
    const group = svg('g', { class: 'labels' });
    const edge = this.board.width - 1;
    for (const { x, y, gx, gy, point } of this.points.values()) {
      const file = point.name[0];
      const rank = point.name.slice(1);
      // Along a row the coordinate that changes is the file when the board is not turned a
      // quarter turn, the rank when it is.
      const across = this.turns % 2 === 0 ? file : rank;
      const down = this.turns % 2 === 0 ? rank : file;
      if (gy === edge) group.append(svg('text', { class: 'label-edge', x, y: y + this.unit * 0.62 }, across));
      if (gx === 0) group.append(svg('text', { class: 'label-edge', x: x - this.unit * 0.55, y: y + 4 }, down));
    }
    return group;
  }

  /** @param {Scene} scene */
  render(scene) {
    const layer = this.layer;
    this.keys.remember();
    layer.replaceChildren();
    for (const name of scene.area ?? []) {
      const p = this.points.get(name);
      if (p) layer.append(svg('circle', { class: 'mark-area', cx: p.x, cy: p.y, r: 15 }));
    }
    for (const name of scene.blast ?? []) {
      const p = this.points.get(name);
      if (p) layer.append(svg('rect', { class: 'mark-blast', x: p.x - 16, y: p.y - 16, width: 32, height: 32 }));
    }
    for (const move of scene.lastMoves ?? []) layer.append(this.drawLast(move));
    /** @type {Map<string, Cell>} */
    const cells = new Map(scene.cells.map((cell) => [cell.point, cell]));
    for (const [name, { x, y }] of this.points) {
      const cell = cells.get(name);
      const classes = ['spot'];
      if (scene.selectable?.has(name)) classes.push('selectable');
      if (scene.selected === name) classes.push('selected');
      if (scene.targets?.has(name)) classes.push(cell ? 'target-capture' : 'target-move');
      if (scene.doomed?.has(name)) classes.push('doomed');
      const group = svg('g', {
        class: classes.join(' '),
        'data-point': name,
        'data-key': name,
        role: 'button',
        'aria-label': cell
          ? tr('sg_point_piece', { point: name, piece: this.pieceName(cell.piece).long, seat: seatName(cell.seat, 'siguo') })
          : tr('sg_point_empty', { point: name }),
        'aria-pressed': scene.selected === name ? 'true' : undefined,
        'data-seat': cell?.seat,
        'data-piece': cell?.piece,
      });
      group.append(svg('rect', { class: 'hit', x: x - this.unit / 2, y: y - this.unit / 2, width: this.unit, height: this.unit, rx: 4 }));
      if (cell) group.append(this.drawPiece(x, y, cell));
      if (scene.selected === name) {
        // The pulsing ring (闪烁): dark outside, light inside, so it shows on every disc colour.
        group.append(svg('circle', { class: 'select-ring outer', cx: x, cy: y, r: 16 }), svg('circle', { class: 'select-ring inner', cx: x, cy: y, r: 16 }));
      }
      if (scene.targets?.has(name)) {
        group.append(cell
          ? svg('circle', { class: 'mark-capture', cx: x, cy: y, r: 15 })
          : svg('circle', { class: 'mark-move', cx: x, cy: y, r: 5 }));
      }
      layer.append(group);
    }
    this.keys.restore(scene.selected ? [scene.selected, ...(scene.selectable ?? [])] : scene.selectable ?? []);
  }

  /**
   * @param {number} x
   * @param {number} y
   * @param {Cell} cell
   */
  drawPiece(x, y, cell) {
    const name = this.pieceName(cell.piece);
    const group = svg('g', { class: `piece piece-${cell.piece}` });
    group.append(
      svg('circle', { class: 'disc', cx: x, cy: y, r: 13, fill: seatColour(cell.seat) }),
      markerShape(SEAT_SHAPES[cell.seat] ?? 'triangle', x - 8.5, y - 8.5, 3.6, { class: 'seat-marker' }),
      svg('title', {}, name.long),
      svg('text', { class: 'label', x, y: y + 4.5, 'font-size': name.short.length > 1 ? 9 : 13 }, name.short),
    );
    return group;
  }

  /**
   * Shows a capture where it happened: the capturing piece and the piece it took, struck
   * through, with a short flash and shake at the point; the callout fades after a moment and
   * the flash's ring stays until the next capture.
   * @param {CaptureScene | null} capture
   */
  showCapture(capture) {
    this.battleLayer.replaceChildren();
    if (!capture) return;
    const at = this.points.get(capture.to);
    if (!at) return;
    const group = svg('g', {
      class: 'battle result-A',
      'data-result': 'A',
      'data-battle-point': capture.to,
      'data-attacker': `${capture.attacker.seat}${capture.attacker.piece}`,
      'data-defender': `${capture.defender.seat}${capture.defender.piece}`,
    });
    group.append(svg('circle', { class: 'battle-flash', cx: at.x, cy: at.y, r: 17 }));
    const boxW = 96;
    const boxH = 48;
    const left = Math.min(Math.max(4, at.x - boxW / 2), this.size - boxW - 4);
    const top = at.y - boxH - 20 >= 2 ? at.y - boxH - 20 : at.y + 20;
    const callout = svg('g', { class: 'battle-callout' });
    const attacker = this.drawPiece(left + 20, top + 18, { point: '', seat: capture.attacker.seat, piece: capture.attacker.piece });
    attacker.classList.add('battle-attacker', 'won');
    const defender = this.drawPiece(left + boxW - 20, top + 18, { point: '', seat: capture.defender.seat, piece: capture.defender.piece });
    defender.classList.add('battle-defender', 'lost');
    defender.append(svg('line', { class: 'struck', x1: left + boxW - 33, y1: top + 31, x2: left + boxW - 7, y2: top + 5 }));
    callout.append(
      svg('rect', { class: 'battle-box', x: left, y: top, width: boxW, height: boxH, rx: 6 }),
      attacker,
      svg('text', { class: 'battle-versus', x: left + boxW / 2, y: top + 23 }, '×'),
      defender,
      svg('text', { class: 'battle-words', x: left + boxW / 2, y: top + boxH - 4 }, `${this.pieceName(capture.attacker.piece).long} ${tr('sg_captures')} ${this.pieceName(capture.defender.piece).long}`),
    );
    group.append(callout);
    this.battleLayer.append(group);
  }

  /**
   * A seat's last move in its colour and dash pattern, its marker at the start, set a little
   * apart from the other seats' so that lines over the same points run side by side.
   * @param {LastMark} mark
   */
  drawLast(mark) {
    const dash = SEAT_DASHES[mark.seat] ?? '6 3';
    const offset = (Number(mark.seat) - 2.5) * 3;
    const group = svg('g', { class: 'last-move', 'data-seat': mark.seat, stroke: seatColour(mark.seat) });
    if (mark.zone) group.append(this.box(mark.zone, 'last-zone', { 'stroke-dasharray': dash }));
    const points = (mark.line ?? []).map((name) => this.points.get(name)).filter((p) => p !== undefined)
      .map((p) => ({ x: p.x + offset, y: p.y + offset }));
    if (points.length > 1) {
      const end = points[points.length - 1];
      group.append(
        svg('polyline', { class: 'route', points: points.map((p) => `${p.x},${p.y}`).join(' '), 'stroke-dasharray': dash, 'data-dash': dash }),
        svg('circle', { class: 'route-end', cx: end.x, cy: end.y, r: 16, 'stroke-dasharray': dash }),
        markerShape(SEAT_SHAPES[mark.seat] ?? 'triangle', points[0].x, points[0].y, 6, { class: 'route-start', fill: seatColour(mark.seat) }),
      );
    }
    return group;
  }
}
