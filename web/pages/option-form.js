// The lobby's form for a game's own options, drawn from the fields the server lists for the
// game (`GET /api/games`, `options`): a checkbox, a number or a list for each field that
// applies to the chosen mode. The answer goes to `create` as `options`; the game checks it.

import { h } from '../dom.js';
import { language } from '../i18n.js';

/**
 * One value of a choice field.
 * @typedef {{value: string, label_en: string, label_zh: string}} OptionValue
 */

/**
 * One option a room may set, as the server describes it.
 * @typedef {object} OptionField
 * @property {string} key  the key in the options object
 * @property {{type: 'bool'} | {type: 'int', min: number, max: number, step: number} | {type: 'choice', values: OptionValue[]}} kind
 * @property {unknown} default  the standard game's value
 * @property {string[]} modes  the modes it applies to; empty for all
 * @property {string} label_en
 * @property {string} label_zh
 */

/**
 * A label in the page's language.
 * @param {{label_en: string, label_zh: string}} labelled
 */
const label = (labelled) => (language() === 'zh' ? labelled.label_zh : labelled.label_en);

/**
 * The form of `fields` for `mode`, and how to read it: only the options that differ from
 * the standard game are sent.
 * @param {OptionField[]} fields
 * @param {string} mode
 * @returns {{element: HTMLElement, values: () => Record<string, unknown>}}
 */
export function optionForm(fields, mode) {
  /** @type {{field: OptionField, read: () => unknown}[]} */
  const inputs = [];
  const rows = fields.filter((field) => field.modes.length === 0 || field.modes.includes(mode)).map((field) => {
    const kind = field.kind;
    /** @type {HTMLInputElement | HTMLSelectElement} */
    let input;
    if (kind.type === 'bool') {
      const box = h('input', { type: 'checkbox', name: field.key, 'data-option': field.key });
      box.checked = field.default === true;
      inputs.push({ field, read: () => box.checked });
      input = box;
    } else if (kind.type === 'int') {
      const number = h('input', {
        type: 'number', name: field.key, 'data-option': field.key,
        min: kind.min, max: kind.max, step: kind.step, value: String(field.default ?? kind.min),
      });
      inputs.push({ field, read: () => Number(number.value) });
      input = number;
    } else {
      const select = h('select', { name: field.key, 'data-option': field.key },
        kind.values.map((value) => h('option', { value: value.value }, label(value))));
      select.value = String(field.default ?? '');
      inputs.push({ field, read: () => select.value });
      input = select;
    }
    return h('label', { class: `option option-${kind.type}` }, label(field), input);
  });
  return {
    element: h('div', { class: 'game-option-fields', id: 'create-game-options' }, rows),
    values: () => Object.fromEntries(inputs
      .map(({ field, read }) => [field.key, read()])
      .filter(([key, value]) => value !== inputs.find((input) => input.field.key === key)?.field.default)),
  };
}
