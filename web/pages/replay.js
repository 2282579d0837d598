// A finished game step by step, with full information: forward and back (buttons or arrow
// keys), each step's action and events, its position, and the record and positions as
// downloads. The game's module draws each step.

import * as api from '../api.js';
import { h, replace } from '../dom.js';
import { gameModule, modeLabel } from '../games/index.js';
import { reasonText, seatName, t } from '../i18n.js';
import { platformEventText, playerName } from './room-parts.js';

/** @typedef {import('../main.js').Context} Context */
/** @typedef {import('../protocol.js').Replay} Replay */
/** @typedef {import('../games/module.js').EventNames} EventNames */

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
    const game = gameModule(replay.game);
    if (!game) {
      replace(page, h('p', { class: 'error' }, t('unknown_game', { game: replay.game })));
      return;
    }
    const mine = Object.entries(replay.players).find(([, name]) => name === ctx.user?.name)?.[0] ?? null;
    const board = game.mountReplay(replay, mine);
    /** @type {EventNames} */
    const names = { seat: (/** @type {string} */ seat) => seatName(seat, replay.game), decks: /** @type {Record<string, unknown>} */ (replay.decks ?? {}) };
    const last = replay.steps.length - 1;
    let step = 0;
    const counter = h('span', { id: 'step', class: 'step' });
    const action = h('p', { id: 'step-action', class: 'step-action' });
    const events = h('ul', { id: 'step-events', class: 'log' });
    // A position may be several lines (a state block), so it gets a text area.
    const position = h('textarea', { id: 'step-position', class: 'position-text', readonly: true, rows: 2, 'aria-label': t('position') });
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
      board.show(step);
      page.dataset.step = String(step);
      counter.textContent = t('step_of', { step, last });
      action.textContent = current.action ?? t('after_deployment');
      replace(events, current.events.map((event) => game.eventText(event, names) ?? platformEventText(event, names))
        .filter((line) => line !== null)
        .map((line) => h('li', {}, line)));
      position.value = current.position;
      position.rows = Math.max(2, current.position.split('\n').length);
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
        h('h2', {}, t('replay_of', { game: replay.id }), ' · ', modeLabel(replay.game, replay.mode)),
        h('span', { id: 'replay-players' }, Object.entries(replay.players)
          .map(([seat, name]) => `${seatName(seat, replay.game)} ${playerName({ name, ai: replay.ai?.[seat] })}`).join(' · '))),
      h('div', { class: 'room-grid' },
        board.element,
        h('aside', { class: 'side' },
          h('p', { class: 'result-line' }, result.result === 'draw'
            ? t('draw')
            : t('winners_are', { who: result.winners.map((seat) => seatName(seat, replay.game)).join(', ') }), ' · ', reasonText(result.reason)),
          h('div', { class: 'stepper' }, buttons.first, buttons.back, counter, buttons.forward, buttons.end),
          action,
          events,
          h('label', { class: 'position-label' }, t('position'), position),
          h('div', { class: 'downloads' },
            h('a', { class: 'button', id: 'download-record', href: api.recordUrl(String(replay.id)), download: `${replay.id}.zhanqi.json` }, t('download_record')),
            h('a', { class: 'button', id: 'download-positions', href: api.positionsUrl(String(replay.id)), download: `${replay.id}.positions.txt` }, t('download_positions'))),
        ),
      ),
    );
    draw();
  }).catch((failure) => {
    replace(page, h('p', { class: 'error' }, failure instanceof Error ? failure.message : String(failure)));
  });
  return () => window.removeEventListener('keydown', onKey);
}
