/**
 * The wallet's calls, typed by the contracts (packages/contracts/src/endpoints/wallet.ts) through
 * zod-free endpoint refs, and the query keys the wallet's views share.
 */
import type {
  adminAcceptWithdrawEndpoint,
  adminDeclineWithdrawEndpoint,
  adminWithdrawsEndpoint,
  cancelWithdrawEndpoint,
  demoTopUpEndpoint,
  depositHistoryEndpoint,
  depositWalletEndpoint,
  withdrawEndpoint,
  withdrawHistoryEndpoint,
  withdrawLimitsEndpoint,
} from '@nebula/contracts';
import { endpointRef } from '../../lib/api';

export const walletApi = {
  depositWallet: endpointRef<typeof depositWalletEndpoint>('POST', '/api/wallet/getDepositWallet'),
  depositHistory: endpointRef<typeof depositHistoryEndpoint>('POST', '/api/wallet/history/deposits'),
  withdrawHistory: endpointRef<typeof withdrawHistoryEndpoint>('POST', '/api/wallet/history/withdraws'),
  withdraw: endpointRef<typeof withdrawEndpoint>('POST', '/api/wallet/withdraw'),
  cancelWithdraw: endpointRef<typeof cancelWithdrawEndpoint>('POST', '/api/wallet/cancel_withdraw'),
  withdrawLimits: endpointRef<typeof withdrawLimitsEndpoint>('POST', '/api/wallet/withdrawLimits'),
  demoTopUp: endpointRef<typeof demoTopUpEndpoint>('POST', '/api/wallet/demo/topup'),
  adminWithdraws: endpointRef<typeof adminWithdrawsEndpoint>('POST', '/api/admin/withdraws'),
  adminAccept: endpointRef<typeof adminAcceptWithdrawEndpoint>('POST', '/api/admin/withdraws/accept'),
  adminDecline: endpointRef<typeof adminDeclineWithdrawEndpoint>('POST', '/api/admin/withdraws/decline'),
};

export const walletKeys = {
  deposits: ['wallet', 'history', 'deposits'] as const,
  withdraws: ['wallet', 'history', 'withdraws'] as const,
  limits: (currency: string) => ['wallet', 'limits', currency] as const,
  address: (currency: string, chain: string) => ['wallet', 'address', currency, chain] as const,
  adminQueue: (filter: string) => ['admin', 'withdraws', filter] as const,
};
