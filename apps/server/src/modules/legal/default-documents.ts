/**
 * The platform's default legal texts (English), the default of the `legal.documents` setting: the user
 * agreement, the privacy policy and the FAQ of the Terms dialog (spec 2 section 1). They state every
 * legal fact of the spec: minimum age 18 or the local age of majority, restricted countries, one bonus
 * per person, a liability cap of 100 euro, data kept ten years after the customer leaves, and at least
 * three confirmations for withdrawals. `{{name}}` placeholders are filled by the server
 * (LEGAL_PLACEHOLDERS: the licence's site name, the operator and jurisdiction settings...).
 */
import type { z } from 'zod';
import type { legalDocumentSchema } from '@nebula/contracts';

type DocumentInput = z.input<typeof legalDocumentSchema>;

const UPDATED = '2026-11-27';

export const DEFAULT_TERMS: DocumentInput = {
  title: 'User Agreement',
  updated: UPDATED,
  intro: [
    'Please read this User Agreement (the “Terms”) carefully before you open an account or place a bet. The Terms, together with our Privacy Policy, the rules of each game and the terms of each promotion, form a binding agreement between you and {{operator}} (“{{siteName}}”, “we”, “us”).',
  ],
  sections: [
    {
      id: 'acceptance',
      title: '1. Acceptance of the Terms',
      blocks: [
        'By creating an account, ticking the box that confirms your agreement, or using any service of {{siteName}} (the “Website”), you confirm that you have read, understood and accepted these Terms. If you do not accept them, do not register and do not use the Website.',
        'Where a game or a promotion has its own rules, those rules apply in addition to these Terms. If they conflict, the specific rules of the game or promotion prevail for that game or promotion only.',
      ],
    },
    {
      id: 'operator',
      title: '2. The operator and its licence',
      blocks: [
        'The Website is operated by {{operator}}, incorporated in {{jurisdiction}} and {{licence}}. Gambling on the Website is offered only where this licence and the law of the player’s country allow it.',
      ],
    },
    {
      id: 'eligibility',
      title: '3. Who may play',
      blocks: [
        'To open an account and to play you must, at all times:',
        {
          list: [
            'be at least 18 years old, or of the age of majority in your country of residence if that age is higher (for example 21 years in some countries);',
            'have full legal capacity to enter into this agreement;',
            'not be resident in, nor access the Website from, a restricted country (section 4);',
            'not be self-excluded from gambling, on this Website or with a national self-exclusion register that applies to you;',
            'not be an employee, director or contractor of {{operator}} or of its game providers, nor a relative living in the same household as one;',
            'play for yourself only, with money that belongs to you and does not come from crime.',
          ],
        },
        'Gambling by anyone under the age of 18 is an offence. We may ask for proof of age at any time. An account opened by a minor is closed; stakes are returned where the law requires, and winnings are void.',
      ],
    },
    {
      id: 'restricted-countries',
      title: '4. Restricted countries',
      blocks: [
        'Our licence does not allow us to accept players from every country. Residents of, and persons located in, the following countries may not open an account, deposit or play: {{restrictedCountries}}.',
        'This list may change when the law or our licence changes; the version shown here applies. Some game providers do not offer their games in further territories: those games are marked and cannot be played there.',
        'You must not hide your location, for example with a VPN, a proxy or any other tool, to reach the Website from a restricted country. An account used in this way is closed, and its winnings and remaining bonuses are void; deposits are returned to the player after the checks required by law.',
      ],
    },
    {
      id: 'account',
      title: '5. Your account',
      blocks: [
        'Each person may hold one account only. If we find that you hold more than one, we may close the additional accounts and void the bonuses and winnings obtained through them.',
        'The details you give us must be true, complete and kept up to date. Your account is personal: it may not be sold, lent, shared or used on behalf of another person.',
        'Keep your password and devices safe and switch on two-factor authentication. You are responsible for everything done with your login until you tell us that it has been compromised; contact {{contact}} at once if you suspect misuse.',
      ],
    },
    {
      id: 'verification',
      title: '6. Identity verification',
      blocks: [
        'To meet our licence and anti-money-laundering duties we may, at any time and in particular before a withdrawal, ask you to verify your identity, age, address and the source of your funds, for example with an identity document, a proof of address or bank and wallet statements.',
        'Until a requested verification is complete we may suspend deposits, play and withdrawals. Documents that are forged, altered or belong to someone else lead to the closure of the account and may be reported to the authorities.',
      ],
    },
    {
      id: 'deposits',
      title: '7. Deposits',
      blocks: [
        'Deposits are made in the cryptocurrencies shown in the wallet, to the deposit address shown for your account and the chosen network. A deposit is credited once its transaction has the number of network confirmations shown in the wallet for that network.',
        'Funds sent on another network, in another token, or to an address that is not the one shown for your account may be lost; we will try, without obligation, to recover them. You may deposit only funds that are yours; deposits must not be made to move money without genuine play.',
      ],
    },
    {
      id: 'withdrawals',
      title: '8. Withdrawals',
      blocks: [
        'You may withdraw your real balance to a wallet address of your own, in the currency and on the network you choose, within the fees, minimum and maximum amounts and the number of withdrawals per 24 hours shown in the wallet for your VIP level. One withdrawal can be pending at a time.',
        'Withdrawals are reviewed before payment and may be delayed for the verification and anti-money-laundering checks of sections 6 and 12. Before withdrawing, deposits must have been wagered as shown in the wallet where such a requirement applies.',
        'A withdrawal is paid on the blockchain and is complete once its transaction has at least three (3) network confirmations. Transactions on a blockchain cannot be reversed: check the address and network before you confirm; funds sent to an address you gave in error cannot be recovered by us.',
        '{{withdrawalCancel}}',
      ],
    },
    {
      id: 'bonuses',
      title: '9. Bonuses and promotions',
      blocks: [
        'Only one bonus per person is allowed. The same limit applies to a household, a device, an IP address and a wallet address: a bonus claimed again through another account, or by people sharing these, is void together with its winnings.',
        'Each bonus has its own terms (wagering requirement, maximum amount, games and time limits), shown with the offer. A deposit bonus must be opted into before the deposit. Bonus balance cannot be used in live games, poker, futures or card games, and the wagering requirement is reset if the bonus balance falls below $10.',
        'You may cancel an active bonus; a cancelled bonus cannot be claimed again unless the promotion states otherwise. If we find bonus abuse (several accounts, low-risk or opposite betting, exploiting errors), we may void the bonus, the winnings made with it, and close the account.',
      ],
    },
    {
      id: 'games',
      title: '10. Games and bets',
      blocks: [
        'A bet is accepted when it is confirmed by our server and the amount is taken from your balance; the result recorded by our server is final. Our own games are provably fair: every result can be checked on the fairness page with the seeds and nonce of the bet.',
        'A malfunction voids the affected bets and plays, and any winnings from them; stakes of voided bets are returned. Where a bet was settled on an obviously wrong price, multiplier or payout caused by a technical or human error, we may settle it at the correct value.',
        'Each game has a maximum bet and a maximum profit per bet, shown in the game. Games of third-party providers are governed by their rules and can be unavailable in some territories.',
      ],
    },
    {
      id: 'fair-play',
      title: '11. Fair play',
      blocks: [
        'You must not:',
        {
          list: [
            'use bots, scripts or any automated means to play, other than the autobet tools the Website offers;',
            'collude with other players, or take part in any fraud, cheating or money laundering;',
            'exploit an error, a vulnerability or a fault of the Website or of a game; report it to us instead;',
            'harass other players or staff, or break the chat rules.',
          ],
        },
        'If you break this section we may void the bets concerned, withhold winnings, suspend or close your account and report the matter to the authorities.',
      ],
    },
    {
      id: 'aml',
      title: '12. Anti-money laundering',
      blocks: [
        'We do not tolerate money laundering or the financing of terrorism. We monitor deposits, bets and withdrawals, and may ask where your funds come from at any time.',
        'We may refuse or delay a transaction, freeze a balance and report a transaction to the competent authorities, as the law requires, without telling you. Accounts are not to be used as a bank: deposits withdrawn without genuine play may be reviewed.',
      ],
    },
    {
      id: 'responsible-gambling',
      title: '13. Responsible gambling',
      blocks: [
        'Gambling is entertainment, not a way to make money, and it can become addictive. Only play with money you can afford to lose, and stop when it stops being fun.',
        'In the responsible gambling settings of your profile you can set deposit, loss and wager limits, a session limit and reality checks, take a time-out (24 hours, one week, one month or six weeks) or exclude yourself (six months, one year, two years, five years or indefinitely). Lower limits and new restrictions apply at once; higher limits and removals apply only after 24 hours and your confirmation. During a time-out or a self-exclusion you can still sign in and withdraw your balance, but you cannot deposit or play.',
        'If you are worried about your gambling or someone else’s, contact a help organisation in your country. You can also ask {{contact}} for help at any time.',
      ],
    },
    {
      id: 'liability',
      title: '14. Limitation of liability',
      blocks: [
        'The Website and its games are provided “as is”. We do not warrant that they will be uninterrupted or free of errors.',
        'To the extent the law allows, our total liability to you for any claim arising out of or in connection with these Terms or the Website, whatever its legal basis, is limited to 100 EUR (one hundred euros) or its equivalent in the currency of your account. We are not liable for indirect or consequential loss, loss of profit or loss of opportunity.',
        'Nothing in these Terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else the law does not allow us to limit. The limit does not apply to your balance: the real balance of your account remains yours to withdraw.',
      ],
    },
    {
      id: 'personal-data',
      title: '15. Personal data',
      blocks: [
        'We process your personal data as described in our Privacy Policy. Because our licence and anti-money-laundering law require it, we keep your data for ten (10) years after you stop being our customer, even if you close your account, and then delete or anonymise it.',
      ],
    },
    {
      id: 'closure',
      title: '16. Suspension and closure',
      blocks: [
        'You may close your account at any time by contacting {{contact}}; if you close it because of a gambling problem, please use self-exclusion instead, so that it cannot be reopened.',
        'We may suspend or close your account if you break these Terms, if the law or our licence requires it, or for reasonable security reasons. When an account is closed, the real balance that is not void under these Terms is paid to you after the checks required by law.',
      ],
    },
    {
      id: 'complaints',
      title: '17. Complaints',
      blocks: [
        'If you are unhappy with our service, contact {{contact}} and describe your complaint with the date, the game or transaction and your login. We answer within 14 days.',
        'If our answer does not resolve your complaint, you may refer it to {{authority}}, which supervises our licence.',
      ],
    },
    {
      id: 'intellectual-property',
      title: '18. Intellectual property',
      blocks: [
        'The Website, its name, logos, games, software and content belong to us or to our licensors. You may use them only to play on the Website; you may not copy, modify, distribute or reverse engineer them.',
      ],
    },
    {
      id: 'changes',
      title: '19. Changes to the Terms',
      blocks: [
        'We may change these Terms, for example when the law, our licence or our services change. The version in force is always shown here with its date. Material changes are announced on the Website before they apply; if you do not accept them, stop using the Website and withdraw your balance. Continuing to play after a change means you accept it.',
      ],
    },
    {
      id: 'law',
      title: '20. Governing law and language',
      blocks: [
        'These Terms are governed by the law of {{jurisdiction}}, and its courts have exclusive jurisdiction, unless the mandatory law of your country of residence gives you other rights.',
        'These Terms may be translated; the English version prevails if versions differ.',
      ],
    },
  ],
};

export const DEFAULT_PRIVACY: DocumentInput = {
  title: 'Privacy Policy',
  updated: UPDATED,
  intro: [
    'This Privacy Policy explains which personal data {{operator}} collects when you use {{siteName}}, why, with whom it is shared, how long it is kept and which rights you have.',
  ],
  sections: [
    {
      id: 'controller',
      title: '1. Who is responsible',
      blocks: [
        '{{operator}}, incorporated in {{jurisdiction}}, is the controller of your personal data. For any question about your data or to exercise your rights, contact {{privacyContact}}.',
      ],
    },
    {
      id: 'data-we-collect',
      title: '2. The data we collect',
      blocks: [
        {
          list: [
            'Account data: login name, email address, password (stored only as a salted hash), two-factor settings, language and preferences.',
            'Identity data, when we ask for verification: name, date of birth, address, copies of identity documents, and the source of your funds.',
            'Transaction data: deposits and withdrawals, wallet addresses, transaction ids, balances, bonuses, bets and their results.',
            'Communications: chat messages, support conversations and emails with us.',
            'Technical data: IP address, country derived from it, device and browser, session times and security events such as sign-ins.',
            'Responsible gambling data: your limits, time-outs, self-exclusions and reality checks.',
          ],
        },
      ],
    },
    {
      id: 'how-we-use-it',
      title: '3. Why we use it',
      blocks: [
        'We use your data only where the law allows it:',
        {
          list: [
            'to run your account, take your bets and pay your withdrawals (the performance of our agreement);',
            'to verify your age and identity, check restricted countries, prevent fraud, money laundering and the financing of terrorism, and report to authorities (our legal duties under our licence);',
            'to protect players, including your limits and self-exclusion, and to detect signs of harmful gambling (our legal duties and your vital interest);',
            'to secure the Website, and to improve it with statistics (our legitimate interest);',
            'to send you promotions, only if you agreed; you can withdraw this consent at any time.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      title: '4. Cookies and local storage',
      blocks: [
        'We store your session, language, theme and a few settings (such as accepted chat rules) in your browser. They are needed for the Website to work. We do not use advertising trackers.',
      ],
    },
    {
      id: 'sharing',
      title: '5. Who we share it with',
      blocks: [
        'We share data only as far as needed with: game providers (to run their games), payment and blockchain service providers, identity verification and fraud prevention services, our hosting and email providers, our auditors and advisers, {{authority}} and other authorities where the law requires it. Our service providers act on our instructions and must protect your data.',
        'We never sell your personal data.',
      ],
    },
    {
      id: 'international-transfers',
      title: '6. Transfers abroad',
      blocks: [
        'Some of our providers process data outside your country. Where the law requires it, we protect such transfers with appropriate safeguards, such as standard contractual clauses.',
      ],
    },
    {
      id: 'retention',
      title: '7. How long we keep it',
      blocks: [
        'We keep your personal data for as long as you are our customer and for ten (10) years after you stop being our customer (when your account is closed or the relationship ends), because our licence and anti-money-laundering law require these records. After that period the data is deleted or anonymised.',
        'Data that is needed for a legal claim, an investigation or a complaint is kept until that matter is closed, even beyond this period.',
      ],
    },
    {
      id: 'security',
      title: '8. Security',
      blocks: [
        'We protect your data with encryption in transit, hashed passwords, encrypted two-factor secrets, access controls for staff and an audit log of staff actions. No system is perfectly secure: keep your password private and use two-factor authentication.',
      ],
    },
    {
      id: 'your-rights',
      title: '9. Your rights',
      blocks: [
        'Subject to the law that applies to you, you may ask for access to your data and a copy of it, its correction, its deletion (where we are not required to keep it), the restriction of its use, its portability, and you may object to its use based on our legitimate interest. You may also complain to a data protection authority.',
        'To exercise a right, contact {{privacyContact}}. We may ask you to prove your identity first and answer within one month.',
      ],
    },
    {
      id: 'automated-decisions',
      title: '10. Automated checks',
      blocks: [
        'We use automated checks to detect fraud, bonus abuse, money laundering and signs of harmful gambling. A decision that significantly affects you, such as closing your account, is always reviewed by a person, and you may ask for it to be explained.',
      ],
    },
    {
      id: 'minors',
      title: '11. Minors',
      blocks: [
        'The Website is not for anyone under 18 years old or under the age of majority in their country. We do not knowingly collect data of minors and close their accounts when we find them.',
      ],
    },
    {
      id: 'changes',
      title: '12. Changes to this policy',
      blocks: [
        'We may update this policy. The version in force is always shown here with its date; material changes are announced on the Website.',
      ],
    },
  ],
};

export const DEFAULT_FAQ: DocumentInput = {
  title: 'FAQ',
  updated: UPDATED,
  intro: [],
  sections: [
    {
      id: 'who-can-play',
      title: 'Who can play on {{siteName}}?',
      blocks: [
        'Anyone who is at least 18 years old, or of the age of majority in their country if that is higher, and who does not live in or play from a restricted country. You confirm this when you register, and we may ask for proof at any time.',
      ],
    },
    {
      id: 'restricted-countries',
      title: 'Which countries are restricted?',
      blocks: [
        'Our licence does not allow us to accept players from: {{restrictedCountries}}. Using a VPN or proxy to get around this is not allowed and leads to the closure of the account.',
      ],
    },
    {
      id: 'deposit-time',
      title: 'How long does a deposit take?',
      blocks: [
        'Your deposit is credited as soon as its transaction has the number of network confirmations shown in the wallet for the network you use; the history tab of your wallet shows the count while you wait. Always send the currency on the network shown for your deposit address.',
      ],
    },
    {
      id: 'withdrawal-time',
      title: 'How long does a withdrawal take?',
      blocks: [
        'Withdrawals are reviewed and then sent to the blockchain. A withdrawal is complete once its transaction has at least three (3) network confirmations. A verification request can delay it: answering quickly gets your money to you sooner.',
      ],
    },
    {
      id: 'withdrawal-cancel',
      title: 'Can I cancel a withdrawal?',
      blocks: ['{{withdrawalCancel}}'],
    },
    {
      id: 'bonuses',
      title: 'Can I claim a bonus more than once?',
      blocks: [
        'No. Only one bonus per person is allowed, and the same applies to a household, a device, an IP address and a wallet address. Each bonus shows its wagering requirement and maximum amount with the offer.',
      ],
    },
    {
      id: 'provably-fair',
      title: 'How do I know the games are fair?',
      blocks: [
        'Our own games are provably fair: the result of every bet comes from a server seed committed before you bet, your client seed and a nonce. Open any bet and use the fairness page to recompute its result yourself.',
      ],
    },
    {
      id: 'limits',
      title: 'How do I set limits or take a break?',
      blocks: [
        'Open the responsible gambling settings in your profile. You can set deposit, loss and wager limits, a session limit and reality checks, take a time-out or exclude yourself. Lower limits apply at once; higher limits after 24 hours.',
      ],
    },
    {
      id: 'data-retention',
      title: 'How long do you keep my data?',
      blocks: [
        'As long as you are our customer and ten (10) years after you leave, because our licence and anti-money-laundering law require it. After that it is deleted or anonymised. The Privacy Policy explains the details and your rights.',
      ],
    },
    {
      id: 'liability',
      title: 'What happens if something goes wrong?',
      blocks: [
        'A malfunction voids the affected bets and their stakes are returned. Beyond that, and as far as the law allows, our liability for any claim is limited to 100 EUR (one hundred euros). Your real balance always remains yours to withdraw.',
      ],
    },
    {
      id: 'security',
      title: 'How do I keep my account safe?',
      blocks: [
        'Use a strong password that you use nowhere else and switch on two-factor authentication in your profile settings. We will never ask for your password or your two-factor codes.',
      ],
    },
    {
      id: 'complaints',
      title: 'How do I make a complaint?',
      blocks: [
        'Contact {{contact}} with the details of your complaint; we answer within 14 days. If you are not satisfied with our answer, you may refer it to {{authority}}.',
      ],
    },
  ],
};

/** The default of `legal.documents`: the three documents in English. */
export const DEFAULT_DOCUMENTS = {
  en: { terms: DEFAULT_TERMS, privacy: DEFAULT_PRIVACY, faq: DEFAULT_FAQ },
};
