import { useSyncExternalStore } from 'react';
import { en } from '../../i18n/en.js';
import { Modal } from '../../ui/modal.js';
import { codePromptStore } from './code-prompt.js';
import { PromoCodeForm } from './promo-code-form.js';

/** The code modal (docs/promotions.md#the-storefront: a 'Code' field and an apply button), opened by promptForCode. */
export function CodeModalHost() {
  const prompt = useSyncExternalStore(codePromptStore.subscribe, codePromptStore.get, () => null);
  return (
    <Modal open={prompt !== null} title={en.promo.codeModalTitle} onClose={() => prompt?.settle(false)}>
      {prompt && (
        <div className="dialog-body">
          <PromoCodeForm
            modalFocus
            errorAbove
            label={en.promo.codeField}
            intro={prompt.description}
            onApply={async (code) => {
              await prompt.retry(code);
            }}
            onApplied={() => prompt.settle(true)}
          />
        </div>
      )}
    </Modal>
  );
}
