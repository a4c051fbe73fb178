import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppTestEnv } from './app-test-env.js';
import { configDocument, installFetch } from './fixtures.js';
import { renderApp } from './render-app.js';

/** The component viewer (docs/routes.md#route-table /_stories) in a development build: the shared components in their states. */
useAppTestEnv();

describe('/_stories', () => {
  it('shows the modal, calendar, price list and a form with errors', async () => {
    installFetch((url) => (url.pathname === '/api/config' ? { body: configDocument() } : undefined));
    renderApp('/_stories');
    expect(await screen.findByRole('heading', { level: 1, name: 'Component viewer' })).toBeTruthy();
    for (const name of ['Modal (a drawer on phones)', 'Calendar', 'Price list', 'Form with errors']) expect(screen.getByRole('region', { name })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Price list' })).getByText('$18')).toBeTruthy(); // the senior's discounted price
    expect(screen.getByText('Please fill in membership society.')).toBeTruthy();
    expect(screen.getByText('Enter an e-mail address like name@example.com.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open the modal' }));
    expect(screen.getByRole('dialog', { name: 'A modal' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Choose date' }));
    expect(await screen.findByRole('dialog', { name: 'Choose date' })).toBeTruthy();
  });

  it('shows the quantity row in its states: chosen, at zero, none left, a flexible amount out of range; the stepper works', async () => {
    installFetch((url) => (url.pathname === '/api/config' ? { body: configDocument() } : undefined));
    renderApp('/_stories');
    const story = within(await screen.findByRole('region', { name: 'Quantity row' }));
    const adult = story.getByRole<HTMLInputElement>('spinbutton', { name: 'Adult quantity' });
    expect(adult.value).toBe('2');
    expect(story.getByRole<HTMLButtonElement>('button', { name: 'Remove one Child' }).disabled).toBe(true);
    expect(story.getByText('None left')).toBeTruthy();
    expect(story.getByRole<HTMLInputElement>('spinbutton', { name: 'Late entry quantity' }).disabled).toBe(true);
    expect(story.getByRole<HTMLInputElement>('spinbutton', { name: 'Amount for Pay what you wish' }).value).toBe('2.50');
    expect(story.getByText('Value entered is outside min/max')).toBeTruthy();
    fireEvent.click(story.getByRole('button', { name: 'Add one Adult' }));
    expect(adult.value).toBe('3');
  });
});
