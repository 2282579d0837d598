// junqi's board as SVG, drawn from the geometry the server sends (wire-protocol.md §5): nothing
// about a board's shape is known here. The viewer's own seat is turned to the bottom.

import { svg } from '../../dom.js';
import { BoardKeys } from '../keyboard.js';
import { GLYPHS, markerShape } from '../markers.js';
import { tr } from './strings.js';

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
 * Each seat's marker shape, and dark chess's two colours': drawn on its pieces and its seat
 * card, so that seats differ by shape and not by colour alone.
 * @type {Record<string, import('../markers.js').Shape>}
 */
const SEAT_SHAPES = { s: 'triangle', n: 'circle', e: 'square', w: 'diamond', r: 'triangle', u: 'circle' };

/** @param {string} owner */
export const seatShape = (owner) => SEAT_SHAPES[owner] ?? null;

/** @param {string} owner  a seat's marker as a character, for its card */
export const seatMarker = (owner) => {
  const shape = seatShape(owner);
  return shape ? GLYPHS[shape] : '';
};

/**
 * Each seat's last-move line: a dash pattern of its own, so two seats' lines differ by more
 * than colour where they cross or run together.
 */
const SEAT_DASHES = /** @type {Record<string, string>} */ ({ s: 'none', n: '9 5', e: '2 5', w: '12 4 2 4' });

/**
 * A battle as a viewer may know it, drawn where it happened.
 * @typedef {object} BattleScene
 * @property {string} from
 * @property {string} to
 * @property {'A' | 'D' | 'X'} result
 * @property {{owner: string, piece: string}} attacker
 * @property {{owner: string, piece: string}} defender
 */

/** The room left at each edge for the coordinates. */
const GUTTER = 16;

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
        x: (gx + 0.5) * this.unitX + 8 + GUTTER,
        y: (gy + 0.5) * this.unitY + 8,
        post,
      });
    }
    const viewWidth = width * this.unitX + 16 + GUTTER;
    const viewHeight = height * this.unitY + 16 + GUTTER;
    this.element = /** @type {SVGSVGElement} */ (
      svg('svg', {
        class: `board board-${board.mode}`,
        viewBox: `0 0 ${viewWidth} ${viewHeight}`,
        role: 'group',
        'aria-label': tr('board_keys'),
        'data-mode': board.mode,
      })
    );
    this.viewWidth = viewWidth;
    this.element.append(this.drawGeometry(viewWidth, viewHeight), this.edgeLabels(viewHeight));
    this.layer = svg('g', { class: 'scene' });
    this.battleLayer = svg('g', { class: 'battles' });
    this.element.append(this.layer, this.battleLayer);
    this.element.addEventListener('click', (event) => {
      const target = /** @type {Element} */ (event.target).closest('[data-post]');
      const name = target?.getAttribute('data-post');
      if (name) onPost(name);
    });
    this.keys = new BoardKeys(this.element, (name) => this.points.get(name), onPost);
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

  /**
   * The coordinates along the left and bottom edges, as the board is turned: a column whose
   * posts share a file gets the file, a row whose posts share a rank gets the rank (turned a
   * quarter, the other way round), in the names the log uses.
   * @param {number} height
   */
  edgeLabels(height) {
    const group = svg('g', { class: 'edge-labels', 'aria-hidden': 'true' });
    /** @type {Map<number, string[]>} */
    const columns = new Map();
    /** @type {Map<number, string[]>} */
    const rows = new Map();
    for (const [name, { x, y }] of this.points) {
      columns.set(x, [...(columns.get(x) ?? []), name]);
      rows.set(y, [...(rows.get(y) ?? []), name]);
    }
    /** @param {string[]} names  the label every name shares: its file, else its rank */
    const shared = (names) => {
      const files = new Set(names.map((name) => name[0]));
      const ranks = new Set(names.map((name) => name.slice(1)));
      return files.size === 1 ? [...files][0] : ranks.size === 1 ? [...ranks][0] : null;
    };
    for (const [x, names] of columns) {
      const label = shared(names);
      if (label) group.append(svg('text', { class: 'edge-label file', x, y: height - 6, 'data-edge': label }, label));
    }
    for (const [y, names] of rows) {
      const label = shared(names);
      if (label) group.append(svg('text', { class: 'edge-label rank', x: GUTTER / 2 + 2, y: y + 4, 'data-edge': label }, label));
    }
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
    this.keys.remember();
    layer.replaceChildren();
    const seats = this.board.seats.map((seat) => seat.seat);
    for (const move of scene.lastMoves ?? []) layer.append(this.drawPath(move.seat, move.path, seats.indexOf(move.seat), seats.length));
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
        'data-key': name,
        role: 'button',
        'aria-label': this.spotLabel(name, cell),
        'aria-pressed': scene.selected === name ? 'true' : undefined,
        'data-owner': cell?.owner,
        'data-piece': cell ? (cell.face_down ? 'down' : cell.piece) : undefined,
      });
      const hitW = this.unitX - 2;
      const hitH = this.unitY - 2;
      group.append(
        svg('rect', { class: 'hit', x: x - hitW / 2, y: y - hitH / 2, width: hitW, height: hitH, rx: 4 }),
      );
      if (cell) group.append(this.drawPiece(x, y, cell));
      if (scene.selected === name) {
        // The pulsing ring (闪烁): dark outside, light inside, so it shows on every tile colour.
        const ring = { x: x - this.tileW / 2 - 4, y: y - this.tileH / 2 - 4, width: this.tileW + 8, height: this.tileH + 8, rx: 6 };
        group.append(svg('rect', { class: 'select-ring outer', ...ring }), svg('rect', { class: 'select-ring inner', ...ring }));
      }
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
    this.keys.restore(scene.selected ? [scene.selected, ...(scene.selectable ?? [])] : scene.selectable ?? []);
  }

  /**
   * A post for a screen reader: its name and what stands on it.
   * @param {string} name
   * @param {Cell | undefined} cell
   */
  spotLabel(name, cell) {
    if (!cell) return tr('post_empty', { post: name });
    if (cell.face_down || cell.piece === '?') return tr('post_hidden', { post: name });
    return tr('post_piece', { post: name, piece: this.pieceName(cell.piece).long });
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
    const shape = cell.face_down ? null : seatShape(cell.owner);
    if (shape) group.append(markerShape(shape, x - w / 2 + 5, y - h / 2 + 5, 3.2, { class: 'seat-marker' }));
    if (hidden) {
      // The back of a piece: a frame inside the tile, no name.
      group.append(
        svg('rect', { class: 'back', x: x - w / 2 + 4, y: y - h / 2 + 4, width: w - 8, height: h - 8, rx: 2 }),
      );
    } else {
      const name = this.pieceName(cell.piece);
      // Wide (CJK) characters take about 1 em, bold Latin letters about 0.72 em.
      const ems = [...name.short].reduce((sum, c) => sum + (c.charCodeAt(0) > 0x2e80 ? 1 : 0.72), 0);
      const size = Math.min(h * 0.62, (w - 10) / Math.max(1.6, ems));
      group.append(
        svg('title', {}, name.long),
        svg('text', { class: 'label', x: x + 2, y: y + size * 0.36, 'font-size': size.toFixed(1) }, name.short),
      );
    }
    return group;
  }

  /**
   * A move's route: the seat's marker at the start, the posts passed in the seat's colour and
   * dash pattern, a ring at the end. Each seat's route is set a little apart from the others',
   * so two routes over the same posts run side by side instead of on top of each other.
   * @param {string} seat
   * @param {string[]} path
   * @param {number} index  the seat's place among the board's seats
   * @param {number} count  the board's seats
   */
  drawPath(seat, path, index, count) {
    const offset = (Math.max(0, index) - (count - 1) / 2) * 5;
    const points = path.map((name) => this.points.get(name)).filter((p) => p !== undefined)
      .map((p) => ({ x: p.x + offset, y: p.y + offset }));
    const dash = SEAT_DASHES[seat] ?? '6 3';
    const group = svg('g', { class: 'last-move', 'data-seat': seat, stroke: seatColour(seat) });
    if (points.length === 0) return group;
    const start = points[0];
    const end = points[points.length - 1];
    group.append(
      svg('polyline', { class: 'route', points: points.map((p) => `${p.x},${p.y}`).join(' '), 'stroke-dasharray': dash, 'data-dash': dash }),
      svg('rect', {
        class: 'route-end',
        x: end.x - this.tileW / 2 - 4,
        y: end.y - this.tileH / 2 - 4,
        width: this.tileW + 8,
        height: this.tileH + 8,
        rx: 6,
        'stroke-dasharray': dash,
      }),
      markerShape(seatShape(seat) ?? 'triangle', start.x, start.y, 6, { class: 'route-start', fill: seatColour(seat) }),
    );
    return group;
  }

  /**
   * Shows a battle where it happened: both pieces as the viewer knows them (a back for one it
   * may not see), the loser struck through, the result in words, and a short flash and shake
   * at the post. It stays until the next battle; the callout fades after a moment so that it
   * hides nothing for long.
   * @param {BattleScene | null} battle
   */
  showBattle(battle) {
    this.battleLayer.replaceChildren();
    if (!battle) return;
    const at = this.points.get(battle.to);
    if (!at) return;
    const w = this.tileW;
    const h = this.tileH;
    const attackerLost = battle.result !== 'A';
    const defenderLost = battle.result !== 'D';
    const group = svg('g', {
      class: `battle result-${battle.result}`,
      'data-result': battle.result,
      'data-battle-post': battle.to,
      'data-attacker': `${battle.attacker.owner}${battle.attacker.piece}`,
      'data-defender': `${battle.defender.owner}${battle.defender.piece}`,
    });
    group.append(svg('rect', { class: 'battle-flash', x: at.x - w / 2 - 6, y: at.y - h / 2 - 6, width: w + 12, height: h + 12, rx: 8 }));
    // The callout sits above the post, or below it near the top edge, inside the board.
    const boxW = 2 * w + 34;
    const boxH = h + 26;
    const left = Math.min(Math.max(4, at.x - boxW / 2), this.viewWidth - boxW - 4);
    const top = at.y - h / 2 - boxH - 8 >= 2 ? at.y - h / 2 - boxH - 8 : at.y + h / 2 + 8;
    const callout = svg('g', { class: 'battle-callout' });
    callout.append(svg('rect', { class: 'battle-box', x: left, y: top, width: boxW, height: boxH, rx: 6 }));
    const side = (/** @type {{owner: string, piece: string}} */ piece, /** @type {number} */ cx, /** @type {boolean} */ lost, /** @type {string} */ role) => {
      const tile = this.drawPiece(cx, top + 4 + h / 2, { post: '', owner: piece.owner, piece: piece.piece });
      tile.classList.add(`battle-${role}`, lost ? 'lost' : 'won');
      tile.setAttribute('data-fighter', piece.piece);
      if (lost) {
        tile.append(svg('line', { class: 'struck', x1: cx - w / 2, y1: top + 4 + h, x2: cx + w / 2, y2: top + 4 }));
      }
      return tile;
    };
    callout.append(
      side(battle.attacker, left + 6 + w / 2, attackerLost, 'attacker'),
      svg('text', { class: 'battle-versus', x: left + boxW / 2, y: top + 4 + h / 2 + 4 }, '×'),
      side(battle.defender, left + boxW - 6 - w / 2, defenderLost, 'defender'),
      svg('text', { class: 'battle-words', x: left + boxW / 2, y: top + boxH - 5 }, this.resultWords(battle)),
    );
    group.append(callout);
    this.battleLayer.append(group);
  }

  /**
   * A battle's result in a word or two, from the attacker's side.
   * @param {BattleScene} battle
   */
  resultWords(battle) {
    if (battle.result === 'X') return tr('board_both');
    return `${this.pieceOrHidden(battle.attacker)} ${tr(battle.result === 'A' ? 'board_won' : 'board_lost')}`;
  }

  /** @param {{owner: string, piece: string}} piece */
  pieceOrHidden(piece) {
    return piece.piece === '?' ? tr('battle_unknown') : this.pieceName(piece.piece).long;
  }
}
