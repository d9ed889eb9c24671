/**
 * The sentence a browser wallet signs to sign in. Server and client must build it byte for byte
 * the same, so this file stays pure (no Node or DB imports) and is the one definition.
 */
export function walletSignInMessage(address: string, nonce: string): string {
  return `Sign in to Nebula with your wallet.\n\nAddress: ${address}\nNonce: ${nonce}`;
}
