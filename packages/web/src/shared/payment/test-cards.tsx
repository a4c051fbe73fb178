// Test mode's list of demo card numbers and the outcome each one gives.
import { DEMO_CARDS } from '@foyer/contracts/constants';
import { en } from '../../i18n/en.js';
import { formatCardNumber } from './model.js';

export function TestCards() {
  const rows = Object.entries(DEMO_CARDS);
  // A demo card whose outcome has no text yet shows the outcome's code.
  const texts: Partial<Record<string, string>> = en.checkout.testCards;
  return (
    <div className="test-cards">
      <p>{en.checkout.testModeText}</p>
      <ul>
        {rows.map(([outcome, number]) => (
          <li key={number}>
            <code>{formatCardNumber(number)}</code> <span>{texts[outcome] ?? outcome}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
