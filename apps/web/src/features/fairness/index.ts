/**
 * The fairness feature's public face: links into the verifier (`/provably-fair?...`) and their parsing,
 * for the game pages' fairness modal and for share links. The verifier page itself is a route
 * (app/routes.tsx loads it on demand).
 */
export {
  type VerifyLinkInput,
  type VerifyQuery,
  buildVerifyHref,
  extendedOutcomeActions,
  parseVerifyQuery,
} from './parse-verify';
