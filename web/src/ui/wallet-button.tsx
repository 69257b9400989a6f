import type { PaymentResult } from '@roam/contract/checkout';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '#web/lib/api-client';

/** Spec §4 "Wallet payment script loading". */
export type ScriptState = 'initial' | 'pending' | 'resolved' | 'rejected';

interface PaypalButtons {
  render(container: HTMLElement): Promise<void>;
  close?: () => Promise<void>;
}
interface PaypalNamespace {
  Buttons(options: {
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    onError: (error: unknown) => void;
    onCancel?: () => void;
  }): PaypalButtons;
}
declare global {
  interface Window {
    paypal?: PaypalNamespace;
  }
}

const scripts = new Map<string, Promise<void>>();

/** Loads the wallet provider's JS SDK once per client id and currency. */
function loadScript(src: string): Promise<void> {
  let promise = scripts.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(src);
        script.remove();
        reject(new Error('wallet script failed to load'));
      };
      document.head.append(script);
    });
    scripts.set(src, promise);
  }
  return promise;
}

interface WalletButtonProps {
  sdkUrl: string;
  clientId: string;
  currency: string;
  /** Makes the order on the server (spec §7 create-paypal-order, or a change's), answering its id. */
  createOrder: () => Promise<string>;
  /** Checks and captures the approved order on the server. */
  checkOrder: (orderId: string) => Promise<PaymentResult>;
  onPaid: (result: PaymentResult) => void;
  onFailed: (code: string) => void;
}

/**
 * The wallet provider's button: the order is made and checked by the server's calls the caller names (a booking's,
 * or a change's difference: give each payment its own `key`).
 */
export function WalletButton({
  sdkUrl,
  clientId,
  currency,
  createOrder,
  checkOrder,
  onPaid,
  onFailed,
}: WalletButtonProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<ScriptState>('initial');
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ createOrder, checkOrder, onPaid, onFailed });
  callbacks.current = { createOrder, checkOrder, onPaid, onFailed };

  useEffect(() => {
    let cancelled = false;
    let settled = false;
    // Why the order could not be made (the server's code), for the provider's error that follows.
    let refused: string | null = null;
    setState('pending');
    const src = `${sdkUrl}?client-id=${encodeURIComponent(clientId)}&currency=${encodeURIComponent(currency)}&intent=capture`;
    loadScript(src)
      .then(() => {
        if (cancelled) return;
        setState('resolved');
        if (!window.paypal || !container.current) return;
        container.current.replaceChildren();
        void window.paypal
          .Buttons({
            createOrder: async () => {
              refused = null;
              try {
                return await callbacks.current.createOrder();
              } catch (error) {
                refused = isApiError(error) ? error.code : 'NETWORK_ERROR';
                throw error;
              }
            },
            onApprove: async ({ orderID }) => {
              try {
                const result = await callbacks.current.checkOrder(orderID);
                settled = true;
                callbacks.current.onPaid(result);
              } catch (error) {
                if (!cancelled) callbacks.current.onFailed(isApiError(error) ? error.code : 'NETWORK_ERROR');
              }
            },
            // The provider's script reports an error when its buttons are taken out of the page — as they are once
            // the payment went through and the result page shows: one outcome, one message.
            onError: () => {
              if (!settled && !cancelled) callbacks.current.onFailed(refused ?? 'PAYMENT_FAILED');
            },
          })
          .render(container.current)
          .catch(() => setState('rejected'));
      })
      .catch(() => {
        if (!cancelled) setState('rejected');
      });
    return () => {
      cancelled = true;
    };
  }, [sdkUrl, clientId, currency]);

  return (
    <div className="wallet-button" aria-busy={state === 'pending'}>
      <h3 className="checkout-section__subtitle">{t('checkout.wallet.title')}</h3>
      {state === 'pending' ? <p>{t('checkout.wallet.loading')}</p> : null}
      {state === 'rejected' ? (
        <p className="field-error" role="alert">
          {t('checkout.wallet.failed')}
        </p>
      ) : null}
      <div ref={container} />
    </div>
  );
}
