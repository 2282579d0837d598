// 铁与火's table in a room: before the start, the deck editor (deck-editor.js: the card table,
// the tank builder, every violation as the deck changes, save / load to the account, export /
// import as a file, the default decks); then the environment and both sides — logistics and slack, the battle
// decks with combat value left, heavy damage, cut-off and focus marks, face-down cards under fog
// shown by their class only — the deployment editor the game asks for after the environment
// and logistics rolls, and the dice animated as the events arrive. Every move is one of the
// server's choices, clicked: a card then an option (its targets shown before confirming), a
// target or targets in order, a face-down class, or a button; no rule runs here and no action
// is read.

import * as api from '../../api.js';
import { h, replace } from '../../dom.js';
import { seatName } from '../../i18n.js';
import { refusalSentences, refusalText } from '../../refusal.js';
import { Choosing } from '../choices.js';
import { loadSaved } from '../saved.js';
import { cardFace, environmentName, faceLabel, playerSide } from './cards.js';
import { deckEditor, readDeckFile } from './deck-editor.js';
import { tr } from './strings.js';

/** @typedef {import('../../protocol.js').RoomState} RoomState */
/** @typedef {import('../module.js').TableHost} TableHost */
/** @typedef {import('../module.js').Table} Table */
/** @typedef {import('./cards.js').CardUi} CardUi */
/** @typedef {import('./cards.js').CardFace} CardFace */
/** @typedef {import('./cards.js').PlayerUi} PlayerUi */
/** @typedef {import('./deck-editor.js').DeckSetup} DeckSetup */
/** @typedef {import('../../protocol.js').SavedLayout} SavedLayout */

/** How long the deck editor waits after a change before asking the server, in milliseconds. */
const CHECK_MS = 250;

/** How long a roll or hit stays on screen, in milliseconds. */
const STEP_MS = 380;

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a click names something drawn on the table (a card, a class, an option). @param {string} click */
const onTable = (click) => click.startsWith('card:') || click.startsWith('class:') || click.startsWith('option:');

/** The button label of a click that is not on the table. @param {string} click @param {CardFace[]} reserve */
function buttonLabel(click, reserve) {
  if (click === 'done') return tr('th_done_button');
  if (click === 'end') return tr('th_end');
  if (click === 'pass') return tr('th_pass');
  if (click === 'fire') return tr('th_fire');
  if (click === 'focus') return tr('th_focus');
  if (click.startsWith('reserve:')) {
    const id = click.slice('reserve:'.length);
    const face = reserve.find((card) => card.id === id);
    return tr('th_resupply', { card: face ? faceLabel(face) : id });
  }
  return click;
}

/**
 * @param {TableHost} host
 * @returns {Table}
 */
export function mountTable(host) {
  /** @type {any} the room state, with tiehuo's view */
  let state = null;
  /** the cards, classes, options and buttons clicked so far, among the server's choices */
  let choosing = new Choosing([]);
  /** @type {string | null} a whole choice waiting for the player's confirmation */
  let confirming = null;
  /** @type {Map<string, number>} the deployment being arranged: card id → copies */
  let deployment = new Map();
  /** @type {Map<string, string>} cards marked by the animation: click → mark */
  let marks = new Map();
  /** the last dice, in words */
  let diceText = '';
  let rolling = false;

  const table = h('div', { class: 'th-table', id: 'table' });

  /** @type {ReturnType<typeof deckEditor> | null} the deck editor, before the start */
  let editor = null;
  /** the stored deck and readiness the editor was drawn from */
  let editorKey = '';
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let checkTimer;
  /** @type {SavedLayout[]} */
  let saved = [];
  const deckName = /** @type {HTMLInputElement} */ (h('input', { id: 'layout-name', placeholder: tr('th_deck_name'), maxlength: 40, 'aria-label': tr('th_deck_name') }));
  const deckPick = /** @type {HTMLSelectElement} */ (h('select', { id: 'layout-pick', 'aria-label': tr('th_saved_decks') }));
  const fileInput = /** @type {HTMLInputElement} */ (h('input', { type: 'file', id: 'deck-file', accept: '.json,application/json', hidden: true }));

  /** @returns {DeckSetup | null} the deck editor's view, before the start */
  const deckSetup = () => (state?.phase === 'setup' && state?.setup?.kind === 'deck' ? state.setup : null);

  /**
   * Asks the server about the deck as edited: kept if it keeps every rule, else every
   * violation listed in the editor.
   * @param {string} text
   */
  const checkDeck = async (text) => {
    const current = editor;
    try {
      await host.send('layout', { layout: text });
      current?.showViolations([], []);
    } catch (failure) {
      const reasons = /** @type {any} */ (failure)?.reasons;
      current?.showViolations(refusalSentences(failure, 'tiehuo'), Array.isArray(reasons) ? reasons : []);
    }
  };

  /** @param {string} text */
  const deckChanged = (text) => {
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => checkDeck(text), CHECK_MS);
  };

  /**
   * Draws the deck editor afresh: from the server's deck, or from a file's entries.
   * @param {DeckSetup} setup
   * @param {ReturnType<typeof readDeckFile>} [entries]
   */
  const newEditor = (setup, entries = null) => {
    editor = deckEditor(entries ? { ...setup, ...entries } : setup, !setup.ready, deckChanged);
    editorKey = `${setup.layout}|${setup.ready}`;
    if (setup.violations.length > 0) editor.showViolations(setup.violations, setup.reasons);
    if (entries) checkDeck(editor.text());
  };

  const drawDeck = () => {
    const setup = deckSetup();
    if (!setup) {
      editor = null;
      replace(table, state?.phase === 'setup' && state?.you ? h('p', {}, tr('th_deck_title')) : null);
      return;
    }
    // A push of the deck the editor sent (or of nothing new) keeps the editor as it is.
    const key = `${setup.layout}|${setup.ready}`;
    if (!editor || (key !== editorKey && setup.layout !== editor.text())) newEditor(setup);
    editorKey = key;
    if (!table.contains(editor?.element ?? null)) replace(table, editor?.element, fileInput);
  };

  const loadDecks = async () => {
    saved = await loadSaved(state.game, state.mode, deckPick);
    host.redraw();
  };

  /** Sends a whole deck file; once kept, the editor is drawn from it. @param {string} text */
  const useDeckFile = async (text) => {
    const ok = await host.command('layout', { layout: text });
    if (ok) editor = null;
    return ok;
  };

  const saveDeck = async () => {
    const name = deckName.value.trim();
    if (!name) return host.say(tr('th_deck_name_needed'));
    if (!editor) return;
    try {
      await api.saveLayout(name, state.game, editor.text(), state.mode);
      host.say(tr('th_deck_saved', { name }), 'info');
      await loadDecks();
    } catch (failure) {
      host.say(refusalText(failure, 'tiehuo'));
    }
  };

  const loadDeck = async () => {
    const deck = saved.find((entry) => entry.name === deckPick.value);
    if (deck && await useDeckFile(deck.layout)) host.say(tr('th_deck_loaded', { name: deck.name }), 'info');
  };

  /** Downloads the deck as edited, as a file the engine's options and the import take. */
  const exportDeck = () => {
    if (!editor) return;
    const link = h('a', {
      href: URL.createObjectURL(new Blob([editor.text()], { type: 'application/json' })),
      download: `${deckName.value.trim() || 'tiehuo-deck'}.json`,
    });
    link.click();
    URL.revokeObjectURL(link.href);
  };

  fileInput.addEventListener('change', async () => {
    const file = fileInput.files?.[0];
    const setup = deckSetup();
    if (!file || !setup) return;
    const text = await file.text();
    fileInput.value = '';
    const entries = readDeckFile(text);
    if (entries) {
      // The file is shown as it is, with every rule it breaks.
      newEditor(setup, entries);
      replace(table, editor?.element, fileInput);
      host.say(tr('th_imported', { name: file.name }), 'info');
    } else if (await useDeckFile(text)) {
      host.say(tr('th_imported', { name: file.name }), 'info');
    }
  });

  /** @returns {any} tiehuo's view of the room */
  const view = () => state?.view ?? null;
  /** The seat shown at the bottom. */
  const bottomSeat = () => state?.you ?? '1';
  /** @returns {PlayerUi | null} */
  const mine = () => view()?.players?.find((/** @type {PlayerUi} */ p) => p.seat === state?.you) ?? null;
  const deploying = () => state?.phase === 'playing' && state?.editor?.kind === 'deployment';

  const draw = () => {
    drawTable();
    host.redraw();
  };

  /** Sends a whole choice and starts the next one afresh. @param {string} action */
  const act = (action) => {
    choosing = choosing.restart();
    confirming = null;
    host.command('act', { action });
    draw();
  };

  /** After a click: a whole choice made from the table waits for confirmation; a button sends. */
  const settle = () => {
    const action = choosing.decided();
    if (action === null) {
      draw();
      return;
    }
    if (choosing.made.some(onTable) || choosing.made.length > 1) {
      confirming = action;
      draw();
    } else {
      act(action);
    }
  };

  /** @param {string} click */
  const clickTarget = (click) => {
    if (confirming !== null) return;
    const onward = choosing.click(click);
    if (onward === null) {
      // A click on what was picked last takes it back.
      if (choosing.made.at(-1) === click) choosing = new Choosing(choosing.all, choosing.made.slice(0, -1));
      draw();
      return;
    }
    choosing = onward;
    settle();
  };

  /** @param {CardUi} card */
  const clickCard = (card) => {
    const next = choosing.next();
    if (next.has(card.click)) clickTarget(card.click);
    else if (card.class_click && next.has(card.class_click)) clickTarget(card.class_click);
    else clickTarget(card.click);
  };

  /**
   * The cards an attack being chosen would hit: the option's legal targets when a card and an
   * option are picked, the focus target, or the targets clicked.
   * @returns {Set<string>}
   */
  const shownTargets = () => {
    const made = choosing.made;
    const option = made.find((click) => click.startsWith('option:'));
    if (option) {
      const k = Number(option.slice('option:'.length));
      const own = mine()?.battle ?? [];
      const named = view()?.pending?.kind === 'named' ? view().pending.card : null;
      const attacker = own.find((card) => card.click === made[0]) ?? own.find((card) => card.token === named);
      return new Set(attacker?.options?.find((o) => o.k === k)?.targets ?? []);
    }
    return new Set(made.filter((click) => click.startsWith('card:') && !click.startsWith(`card:${state?.you}:`)
      || (made.length > 1 && click.startsWith('card:'))));
  };

  /** @param {CardUi} card */
  const look = (card) => {
    const next = confirming === null ? choosing.next() : new Set();
    const targets = shownTargets();
    return {
      selectable: next.has(card.click) || (card.class_click !== undefined && next.has(card.class_click)),
      selected: choosing.made.includes(card.click) || (card.class_click !== undefined && choosing.made.includes(card.class_click)),
      target: targets.has(card.click),
      mark: marks.get(card.click),
      onClick: clickCard,
    };
  };

  /** The deployment being arranged, as the ids the server reads. */
  const deploymentText = () => [...deployment].flatMap(([id, count]) => Array(count).fill(id)).join(',');

  /** The deployment editor: the reserve by card, the copies chosen, logistics against L. */
  const deploymentEditor = () => {
    const me = mine();
    const reserve = me?.reserve ?? [];
    /** @type {Map<string, {face: CardFace, copies: number}>} */
    const byId = new Map();
    for (const face of reserve) {
      const entry = byId.get(face.id);
      if (entry) entry.copies += 1;
      else byId.set(face.id, { face, copies: 1 });
    }
    const total = [...deployment].reduce((sum, [id, count]) => sum + (byId.get(id)?.face.effective_logistics ?? 0) * count, 0);
    const budget = me?.logistics ?? 0;
    /** @param {string} id @param {number} change */
    const change = (id, change) => {
      const copies = byId.get(id)?.copies ?? 0;
      const count = Math.min(Math.max((deployment.get(id) ?? 0) + change, 0), copies);
      if (count === 0) deployment.delete(id);
      else deployment.set(id, count);
      draw();
    };
    return h('div', { class: 'th-deploy', id: 'deploy-editor', 'data-total': String(total), 'data-budget': String(budget) },
      h('h3', {}, tr('th_deploy_title')),
      h('p', {}, tr('th_deploy_hint')),
      h('p', { class: total > budget ? 'th-total over' : 'th-total', id: 'deploy-total' },
        tr('th_deploy_total', { total, budget }), total > budget ? ` — ${tr('th_deploy_over', { over: total - budget })}` : ''),
      h('div', { class: 'th-deploy-rows' }, [...byId.values()].map(({ face, copies }) => {
        const chosen = deployment.get(face.id) ?? 0;
        return h('div', { class: chosen > 0 ? 'th-deploy-row chosen' : 'th-deploy-row', 'data-card': face.id, 'data-logistics': String(face.effective_logistics), 'data-copies': String(copies), 'data-chosen': String(chosen) },
          cardFace(face),
          h('button', { class: 'th-less', 'aria-label': '−', onclick: () => change(face.id, -1), disabled: chosen === 0 }, '−'),
          h('span', { class: 'th-count' }, `${chosen}/${copies}`),
          h('button', { class: 'th-more', 'aria-label': '+', onclick: () => change(face.id, 1), disabled: chosen >= copies }, '+'));
      })));
  };

  /** The line that says what is under way: the attack, the focus fire. */
  const underWay = () => {
    const current = view();
    if (!current) return null;
    const pending = current.pending;
    const focus = current.focus;
    return h('div', { class: 'th-under-way', id: 'under-way' },
      pending?.kind === 'attack' && h('span', { 'data-stage': pending.stage },
        tr('th_pending_attack', { card: pending.attacker, label: pending.label }),
        pending.stage === 'choose_targets' && pending.count ? ` — ${tr('th_choose_targets', { n: pending.count })}` : '',
        pending.q !== undefined ? ` (${pending.q * 25}%)` : ''),
      pending?.kind === 'resupply' && h('span', {}, tr('th_resupply_hint', { max: pending.max, added: pending.added })),
      pending?.kind === 'cutoff' && h('span', {}, pending.needed !== undefined ? tr('th_cutoff_hint', { needed: pending.needed }) : tr('th_cutoff_hint_any')),
      focus && h('span', { 'data-focus': focus.stage }, tr('th_pending_focus', {
        stage: focus.stage === 'wait' ? tr('th_focus_wait', { left: focus.left ?? 0 }) : focus.stage === 'resolve' ? tr('th_focus_resolve') : tr('th_focus_declare'),
      })));
  };

  const drawTable = () => {
    if (state?.phase === 'setup') {
      drawDeck();
      return;
    }
    editor = null;
    const current = view();
    if (!state || !current) {
      replace(table);
      return;
    }
    const players = /** @type {PlayerUi[]} */ (current.players);
    const bottom = players.find((p) => p.seat === bottomSeat()) ?? players[0];
    const top = players.find((p) => p !== bottom) ?? players[1];
    host.page.dataset.deploying = String(deploying());
    host.page.dataset.tiehuoPhase = current.phase;
    replace(table,
      h('div', { class: 'th-info' },
        h('span', { class: 'th-env', id: 'environment', 'data-env': current.environment ?? '' }, tr('th_environment', { env: environmentName(current.environment) })),
        current.rounds > 0 && h('span', { id: 'round' }, tr('th_round', { round: current.round, rounds: current.rounds })),
        current.fog && h('span', { class: 'flag', id: 'fog' }, tr('th_fog'))),
      playerSide(top, false, look),
      underWay(),
      playerSide(bottom, state.you !== null, look),
      deploying() && deploymentEditor());
  };

  /**
   * Shows one event: dice rolled, cards hit, healed or destroyed.
   * @param {any} event
   */
  const animate = async (event) => {
    if (!state || state.phase === 'setup') return;
    marks = new Map();
    if (event.kind === 'environment') {
      diceText = `${event.face} → ${environmentName(event.environment)}`;
    } else if (event.kind === 'logistics') {
      diceText = `${(event.faces ?? []).join(' + ')} → L ${event.logistics}`;
    } else if (event.kind === 'rolled') {
      diceText = `${event.attacker} ${event.roll === 'targets' ? 'T' : 'N'} = ${event.value}`;
    } else if (event.kind === 'hit') {
      const change = event.change > 0 ? `+${event.change}` : String(event.change);
      diceText = `${event.magnitude} × ${event.q * 25}% → ${event.target} ${change}`;
      marks.set(`card:${event.target_seat}:${event.target}`, event.destroyed ? 'destroyed' : event.change < 0 ? 'healed' : 'hit');
    } else {
      return;
    }
    rolling = true;
    host.page.dataset.dice = String(Number(host.page.dataset.dice ?? 0) + 1);
    draw();
    await pause(STEP_MS);
    rolling = false;
    marks = new Map();
    draw();
  };

  return {
    element: table,
    update(next, previous) {
      state = next;
      if (next.phase === 'setup' && next.setup && !previous?.setup) loadDecks();
      choosing = choosing.renew(next.phase === 'playing' ? next.choices : []);
      if (confirming !== null && !next.choices.some((choice) => choice.action === confirming)) confirming = null;
      if (!deploying()) deployment = new Map();
      marks = new Map();
      drawTable();
    },
    event: animate,
    status(current) {
      /** @type {any} */
      const shown = current.view;
      if (current.phase === 'setup') {
        const setup = deckSetup();
        return setup && !setup.ready ? [h('p', {}, tr('th_deck_hint', { min: setup.min, lowest: setup.lowest_l }))] : [];
      }
      if (!shown) return [];
      return [
        h('p', { class: rolling ? 'th-dice rolling' : 'th-dice', id: 'dice' }, diceText ? tr('th_dice', { text: diceText }) : ''),
        shown.result && h('p', { class: 'th-result', id: 'th-result', 'data-winner': shown.result.winner ?? '' },
          shown.result.winner ? tr('th_wins', { who: seatName(shown.result.winner) }) : tr('th_draw')),
      ];
    },
    controls(current) {
      if (current.phase === 'setup') {
        const setup = deckSetup();
        if (!setup || setup.ready) return [];
        return [h('div', { class: 'play-controls', id: 'deck-controls' },
          h('button', { id: 'use-deck', class: 'primary', onclick: async () => { if (editor && await useDeckFile(editor.text())) host.say(tr('th_deck_ok'), 'info'); } }, tr('th_use_deck')),
          h('div', { class: 'row' }, setup.starters.map((name) => h('button', { id: `starter-${name}`, onclick: () => useDeckFile(JSON.stringify(name)) },
            tr('th_default_deck', { deck: tr(/** @type {any} */ (`th_deck_${name}`)) })))),
          h('div', { class: 'row' }, deckName, h('button', { id: 'save-layout', onclick: saveDeck }, tr('th_save_deck'))),
          saved.length > 0 && h('div', { class: 'row' }, deckPick, h('button', { id: 'load-layout', onclick: loadDeck }, tr('th_load_deck'))),
          h('div', { class: 'row' },
            h('button', { id: 'export-deck', onclick: exportDeck }, tr('th_export')),
            h('button', { id: 'import-deck', onclick: () => fileInput.click() }, tr('th_import'))))];
      }
      if (current.phase !== 'playing') return [];
      if (deploying()) {
        return [h('div', { class: 'play-controls', id: 'deploy-controls' },
          h('button', {
            id: 'deploy-send',
            class: 'primary',
            onclick: async () => {
              if (await host.command('act', { action: deploymentText() })) host.say(tr('th_deploy_sent'), 'info');
            },
          }, tr('th_deploy_send')),
          h('button', { id: 'deploy-clear', onclick: () => { deployment = new Map(); draw(); } }, tr('th_deploy_clear')))];
      }
      if (current.choices.length === 0) return [];
      if (confirming !== null) {
        const action = confirming;
        return [h('div', { class: 'play-controls', id: 'confirm' },
          h('button', { id: 'confirm-action', class: 'primary', 'data-action': action, onclick: () => act(action) }, tr('th_confirm')),
          h('button', { id: 'cancel-action', onclick: () => { confirming = null; choosing = choosing.restart(); draw(); } }, tr('th_cancel')))];
      }
      const next = [...choosing.next()];
      const reserve = mine()?.reserve ?? [];
      const options = next.filter((click) => click.startsWith('option:'));
      const attacker = (mine()?.battle ?? []).find((card) => card.click === choosing.made[0])
        ?? (mine()?.battle ?? []).find((card) => card.token === view()?.pending?.card);
      const buttons = next.filter((click) => !onTable(click));
      return [h('div', { class: 'play-controls', id: 'choices' },
        options.map((click) => {
          const k = Number(click.slice('option:'.length));
          const label = attacker?.face?.attacks.find((attack) => attack.k === k)?.label ?? String(k);
          return h('button', { class: 'th-option', 'data-click': click, onclick: () => clickTarget(click) }, tr('th_option', { k, label }));
        }),
        buttons.map((click) => h('button', { 'data-click': click, onclick: () => clickTarget(click) }, buttonLabel(click, reserve))),
        !choosing.empty && h('button', { id: 'cancel-action', onclick: () => { choosing = choosing.restart(); draw(); } }, tr('th_cancel')))];
    },
    destroy() {
      clearTimeout(checkTimer);
    },
  };
}
