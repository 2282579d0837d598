// A finished game step by step, with full information: forward and back (buttons or arrow
// keys), each step's action and events, its JFEN, and the record and JFEN as downloads.

import * as api from '../api.js';
import { BoardView } from '../board.js';
import { h, replace } from '../dom.js';
import { pieceName, reasonText, seatName, t } from '../i18n.js';
import { modeName } from './lobby.js';
import { eventText } from './room-parts.js';
import { fieldGrid, playerSide, shengkeEventText } from './shengke-room.js';

/** @typedef {import('../main.js').Context} Context */
/** @typedef {import('../protocol.js').Replay} Replay */

/**
 * @param {HTMLElement} root
 * @param {Context} ctx
 * @param {string} gameId
 */
export function mount(root, ctx, gameId) {
  const page = h('section', { class: 'page replay', 'data-game': gameId }, t('loading'));
  root.append(page);
  /** @type {(event: KeyboardEvent) => void} */
  let onKey = () => {};

  api.replay(gameId).then((replay) => {
    const mine = Object.entries(replay.players).find(([, name]) => name === ctx.user?.name)?.[0] ?? null;
    const shengke = replay.game === 'shengke';
    /** @type {any} */
    const full = replay;
    const board = new BoardView(shengke ? { ...replay.board, posts: [], roads: [], railways: [], seats: [] } : replay.board, mine, pieceName, () => {});
    const table = h('div', { class: 'sk-table', id: 'table' });
    const last = replay.steps.length - 1;
    let step = 0;
    const counter = h('span', { id: 'step', class: 'step' });
    const action = h('p', { id: 'step-action', class: 'step-action' });
    const events = h('ul', { id: 'step-events', class: 'log' });
    // A shengke position is several lines (its state block), so it gets a text area.
    const jfen = shengke
      ? h('textarea', { id: 'step-jfen', class: 'jfen', readonly: true, rows: 6, 'aria-label': 'JFEN' })
      : h('input', { id: 'step-jfen', class: 'jfen', readonly: true, 'aria-label': 'JFEN' });
    /** @param {number} to */
    const go = (to) => {
      step = Math.max(0, Math.min(last, to));
      draw();
    };
    const buttons = {
      first: h('button', { id: 'step-first', onclick: () => go(0), title: t('first_step') }, '⏮'),
      back: h('button', { id: 'step-back', onclick: () => go(step - 1), title: t('step_back') }, '◀'),
      forward: h('button', { id: 'step-forward', onclick: () => go(step + 1), title: t('step_forward') }, '▶'),
      end: h('button', { id: 'step-last', onclick: () => go(last), title: t('last_step') }, '⏭'),
    };
    const draw = () => {
      const current = replay.steps[step];
      /** @type {Map<string, string[]>} */
      const lastMoves = new Map();
      for (const earlier of replay.steps.slice(1, step + 1)) {
        for (const event of earlier.events) {
          if (event.kind === 'moved' && event.seat && event.path) lastMoves.set(event.seat, event.path);
        }
      }
      if (shengke) {
        // Full information: both hands and every pile, from the step's whole view.
        /** @type {any} */
        const view = /** @type {any} */ (current).view;
        const decks = full.decks;
        replace(table, playerSide(view.players[mine === '2' ? 0 : 1], decks, false),
          fieldGrid(view.cells, mine, decks), playerSide(view.players[mine === '2' ? 1 : 0], decks, true));
      } else {
        board.render({
          cells: current.cells,
          lastMoves: [...lastMoves].map(([seat, path]) => ({ seat, path })),
        });
      }
      page.dataset.step = String(step);
      counter.textContent = t('step_of', { step, last });
      action.textContent = current.action ?? t('after_deployment');
      replace(events, current.events.map((event) => (shengke ? shengkeEventText(event, full.decks) : eventText(null, event))).filter((line) => line !== null)
        .map((line) => h('li', {}, line)));
      jfen.value = current.position;
      buttons.first.disabled = buttons.back.disabled = step === 0;
      buttons.forward.disabled = buttons.end.disabled = step === last;
    };
    onKey = (event) => {
      if (event.key === 'ArrowLeft') go(step - 1);
      if (event.key === 'ArrowRight') go(step + 1);
    };
    window.addEventListener('keydown', onKey);
    const result = replay.result;
    replace(page,
      h('div', { class: 'room-head' },
        h('h2', {}, t('replay_of', { game: replay.id }), ' · ', modeName(replay.mode)),
        h('span', {}, Object.entries(replay.players).map(([seat, name]) => `${seatName(seat)} ${name}`).join(' · '))),
      h('div', { class: 'room-grid' },
        shengke ? table : h('div', { class: 'board-box' }, board.element),
        h('aside', { class: 'side' },
          h('p', { class: 'result-line' }, result.result === 'draw'
            ? t('draw')
            : t('winners_are', { who: result.winners.map(seatName).join(', ') }), ' · ', reasonText(result.reason)),
          h('div', { class: 'stepper' }, buttons.first, buttons.back, counter, buttons.forward, buttons.end),
          action,
          events,
          h('label', { class: 'jfen-label' }, 'JFEN', jfen),
          h('div', { class: 'downloads' },
            h('a', { class: 'button', id: 'download-record', href: api.recordUrl(String(replay.id)), download: `${replay.id}.zhanqi.json` }, t('download_record')),
            h('a', { class: 'button', id: 'download-jfen', href: api.jfenUrl(String(replay.id)), download: `${replay.id}.jfen.txt` }, t('download_jfen'))),
        ),
      ),
    );
    draw();
  }).catch((failure) => {
    replace(page, h('p', { class: 'error' }, failure instanceof Error ? failure.message : String(failure)));
  });
  return () => window.removeEventListener('keydown', onKey);
}
