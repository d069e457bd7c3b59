// Layout checks a screenshot would show, run in the page (as strings: the e2e files are
// type-checked without the DOM). Shared by screens.spec.ts and the pages' own specs.
import type { Page } from '@playwright/test';

/** Elements whose content is wider than their box and hidden or scrolled sideways (an ellipsis with a title is deliberate). */
export const OVERFLOWING = `(() => {
  const out = [];
  for (const el of document.querySelectorAll('#main td, #main th, #main dd, #main [role="gridcell"], #main .card, #main pre, .drawer pre, .drawer dd')) {
    if (el.closest('.vt-abs[data-fling]') || el.getClientRects().length === 0) continue;
    const style = getComputedStyle(el);
    // Cards and raw JSON must fit their content across: a card that scrolls sideways hides a column.
    const mustFit = el.matches('.card, pre');
    const intended = style.textOverflow === 'ellipsis' && (el.title || el.querySelector('[title]'));
    const scrolls = style.overflowX === 'auto' || style.overflowX === 'scroll';
    if (el.scrollWidth > el.clientWidth + 1 && (mustFit || !scrolls) && !intended) out.push(el.tagName.toLowerCase() + '.' + el.className + ': ' + (el.textContent || '').slice(0, 60));
  }
  return out;
})()`;

export const overflowing = (page: Page) => page.evaluate(OVERFLOWING) as Promise<string[]>;

/**
 * What a reader of every table in the main area cannot see (issue #29): a cell whose content is
 * wider than its box (free text ellipsized with its whole text on hover excepted), an id cut at
 * the cell's edge or shortened anywhere but in its middle (or without its whole text on hover and
 * in its copy button), an amount not wholly in view, the other party of a row not readable, a
 * table that scrolls sideways, and amounts of one column not lined up on their decimal point.
 */
export const TABLE_PROBLEMS = `(() => {
  const out = [];
  const text = (el) => (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 70);
  const say = (el, what) => out.push(what + ' [' + (el.closest('[aria-label]')?.getAttribute('aria-label') || '') + '] ' + text(el));
  const box = (el) => el.getBoundingClientRect();
  const within = (inner, outer) => { const a = box(inner), b = box(outer); return a.left >= b.left - 1 && a.right <= b.right + 1; };
  const full = (el) => el.scrollWidth <= el.clientWidth + 1;
  const cells = document.querySelectorAll('#main [role="gridcell"], #main [role="columnheader"], #main table td, #main table th');
  for (const cell of cells) {
    if (cell.closest('.vt[data-fling]') || cell.closest('.vt-special') || cell.getClientRects().length === 0) continue;
    const freeText = cell.title && !cell.querySelector('.idt, .money, .time');
    if (!full(cell) && !freeText) say(cell, 'overflows its cell');
    for (const idt of cell.querySelectorAll('.idt:not(.idt-grouped)')) {
      if (!within(idt, cell) || !within(idt, idt.closest('a') || idt)) say(idt, 'id cut at the edge of its cell');
      const head = idt.querySelector('.idt-head');
      const tail = idt.querySelector('.idt-tail');
      if (head && !full(head)) {
        if (!tail || !full(tail) || !within(tail, cell) || !within(tail, idt.closest('a') || idt))
          say(idt, 'id shortened but not in its middle');
        if (head.clientWidth < 6) say(idt, 'id shortened to nothing');
        const copy = idt.closest('.id')?.querySelector('button.copy');
        if (!copy || copy.getAttribute('aria-label') !== 'Copy ' + idt.textContent) say(idt, 'shortened id without a copy button holding it');
        if (!(idt.closest('a')?.title || '').includes(idt.textContent)) say(idt, 'shortened id without the whole id on hover');
      }
    }
    for (const money of cell.querySelectorAll('.money')) {
      if (money.closest('.clip-end')) continue;
      if (!within(money, cell) || !full(money.querySelector('.num'))) say(money, 'amount not wholly in view');
    }
  }
  for (const party of document.querySelectorAll('#main .vt .details > .id:not(.self)')) {
    const cell = party.closest('[role="gridcell"]');
    if (cell.closest('.vt[data-fling]')) continue;
    const tail = party.querySelector('.idt-tail');
    const head = party.querySelector('.idt-head');
    if (!within(party, cell) || (tail && !full(tail)) || (head && head.clientWidth < 20)) say(party, 'other party not readable');
  }
  for (const vt of document.querySelectorAll('#main .vt')) if (!full(vt)) say(vt, 'table scrolls sideways, hiding columns');
  for (const table of document.querySelectorAll('#main table')) {
    const holder = table.parentElement;
    if (box(table).right > box(holder).right + 1 || !full(holder))
      say(table, 'table wider than its place (' + Math.round(box(table).width) + ' in ' + holder.clientWidth + ')');
  }
  // Amounts of one column line up on their decimal point: the last number of each cell ends at one x.
  const columns = new Map();
  for (const cell of document.querySelectorAll('#main [role="gridcell"], #main table td')) {
    if (cell.closest('.vt[data-fling]') || cell.closest('.vt-special')) continue;
    const nums = [...cell.querySelectorAll('.money .num')].filter((n) => !n.closest('.clip-end'));
    if (nums.length === 0 || !cell.matches('.end')) continue;
    const table = cell.closest('.vt, table');
    const key = [...(table.parentElement?.children || [])].indexOf(table) + ':' + (table.getAttribute('aria-label') || '') + ':' + [...cell.parentElement.children].indexOf(cell);
    const edges = columns.get(key) || [];
    edges.push({ x: Math.round(box(nums.at(-1)).right), cell });
    columns.set(key, edges);
  }
  for (const edges of columns.values()) {
    const first = edges[0];
    for (const edge of edges) if (Math.abs(edge.x - first.x) > 1) { say(edge.cell, 'amount not lined up with the one above (' + edge.x + ' vs ' + first.x + ')'); break; }
  }
  return out;
})()`;

export const tableProblems = (page: Page) => page.evaluate(TABLE_PROBLEMS) as Promise<string[]>;
