// An address that names no page is said, not shown as Explore: parseHash keeps the unknown segment,
// and the page for it names it (isolated) with the ways on.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFound } from '../../renderer/src/components/not-found';
import { Sidebar } from '../../renderer/src/components/sidebar';
import { fakeBridge } from './support/fake-bridge';
import { renderWith } from './support/render';
import { parseHash } from '../../renderer/src/lib/router';

afterEach(() => {
  cleanup();
  window.location.hash = '';
});

describe('unknown routes', () => {
  it('keeps the segment that names no page, and none for a known page or the bare address', () => {
    expect(parseHash('#/nowhere/abc')).toMatchObject({ name: 'explore', unknown: 'nowhere', id: 'abc' });
    expect(parseHash('#/explore').unknown).toBeUndefined();
    expect(parseHash('#/').unknown).toBeUndefined();
    expect(parseHash('').unknown).toBeUndefined();
    expect(parseHash('#/Live').unknown).toBe('Live');
  });

  it('says no page has that name, shows the name isolated, and links every page', () => {
    render(<NotFound segment={'evil\u202egnp.exe'} />);
    const alert = screen.getByTestId('unknown-route');
    expect(alert.textContent).toContain('No page is called');
    expect(alert.textContent).toContain('⟨U+202E⟩');
    const links = within(alert)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(['#/explore', '#/live', '#/submit', '#/history', '#/settings']);
  });

  it('an entity kind without its id says which id it needs', () => {
    render(<NotFound segment="account" wantsId="an account" />);
    expect(screen.getByTestId('unknown-route').textContent).toContain('names an account but gives no id');
  });

  it('the sidebar marks no page current on an address that names none, and Explore on Explore', async () => {
    window.location.hash = '#/nowhere';
    renderWith(fakeBridge({ 'stream:list': () => ({ watched: [], statuses: [] }) }), <Sidebar />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const current = () =>
      within(nav)
        .queryAllByRole('link')
        .filter((a) => a.getAttribute('aria-current') === 'page');
    expect(current()).toEqual([]);
    act(() => {
      window.location.hash = '#/explore';
    });
    await waitFor(() => expect(current().map((a) => a.textContent)).toEqual(['Explore']));
  });
});
