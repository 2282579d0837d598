// A finished game step by step, with full information: forward and back (buttons or arrow
// keys), each step's action and events, its position, and the record and positions as
// downloads. The game's module draws each step.

import * as api from '../api.js';
import { h, replace, svg } from '../dom.js';
import { gameModule, modeLabel } from '../games/index.js';
import { reasonText, seatName, t } from '../i18n.js';
import { platformEventText, playerName } from './room-parts.js';
import { refusalText } from '../refusal.js';

/** @typedef {import('../main.js').Context} Context */
/** @typedef {import('../protocol.js').Replay} Replay */
/** @typedef {import('../games/module.js').EventNames} EventNames */

/**
 * A stepper button's icon as inline SVG: the media glyphs (⏮ ⏭) are missing from many fonts
 * without an emoji font and would show as empty boxes.
 * @param {'first' | 'back' | 'forward' | 'last'} kind
 */
function stepIcon(kind) {
  const triangle = (/** @type {number} */ x, /** @type {1 | -1} */ way) => svg('polygon', {
    points: way > 0 ? `${x},3 ${x + 8},8 ${x},13` : `${x + 8},3 ${x},8 ${x + 8},13`,
  });
  const bar = (/** @type {number} */ x) => svg('rect', { x, y: 3, width: 2, height: 10 });
  const parts = {
    first: [bar(2), triangle(5, -1)],
    back: [triangle(4, -1)],
    forward: [triangle(4, 1)],
    last: [triangle(3, 1), bar(12)],
  }[kind];
  return svg('svg', { class: 'step-icon', viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true', fill: 'currentColor' }, parts);
}

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
    const names = { seat: (/** @type {string} */ seat) => seatName(seat, replay.game), decks: /** @type {Record<string, unknown>} */ (replay.decks ?? {}), you: mine };
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
      first: h('button', { id: 'step-first', onclick: () => go(0), title: t('first_step'), 'aria-label': t('first_step') }, stepIcon('first')),
      back: h('button', { id: 'step-back', onclick: () => go(step - 1), title: t('step_back'), 'aria-label': t('step_back') }, stepIcon('back')),
      forward: h('button', { id: 'step-forward', onclick: () => go(step + 1), title: t('step_forward'), 'aria-label': t('step_forward') }, stepIcon('forward')),
      end: h('button', { id: 'step-last', onclick: () => go(last), title: t('last_step'), 'aria-label': t('last_step') }, stepIcon('last')),
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
    replace(page, h('p', { class: 'error' }, refusalText(failure)));
  });
  return () => window.removeEventListener('keydown', onKey);
}
