/**
 * A test EIP-1193 provider for the page: `window.ethereum` answers eth_requestAccounts with the
 * address of a real key and personal_sign by asking Node, where viem signs with that key.
 */
import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export async function injectWallet(page: Page): Promise<{ address: string }> {
  const account = privateKeyToAccount(generatePrivateKey());
  await page.exposeFunction('__e2eWalletSign', (hexMessage: string) =>
    account.signMessage({ message: { raw: hexMessage as `0x${string}` } }),
  );
  await page.addInitScript((address: string) => {
    const sign = (window as unknown as { __e2eWalletSign: (hex: string) => Promise<string> }).__e2eWalletSign;
    (window as unknown as { ethereum: unknown }).ethereum = {
      isMetaMask: true,
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
        if (method === 'personal_sign') {
          const [message, from] = params as [string, string];
          if (from.toLowerCase() !== address.toLowerCase()) throw new Error('unknown account');
          return sign(message);
        }
        throw new Error(`unsupported method ${method}`);
      },
    };
  }, account.address);
  return { address: account.address };
}
