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
