// The table cards' words: on screen for the organizer, and printed for the players and scorers at the table.
import type { PageMessages } from '../../i18n/index.ts';

const en = {
  titleLoading: 'Table cards',
  title: 'Table cards — round {{round}}',
  backToRounds: 'Back to rounds',
  noRound: 'There is no round {{round}}.',
  notPrintable: {
    scheduled: 'Round {{round}} is not seated yet: seat it first, then make its cards.',
    seated: '',
    started: '',
    closed: 'Round {{round}} is closed: its tables take no more sign-ins.',
  },
  make: {
    title: 'Make the cards',
    againTitle: 'Cards made',
    what_one: 'One card for the {{count}} table of round {{round}} of {{name}}.',
    what_other: 'One card for each of the {{count}} tables of round {{round}} of {{name}}.',
    tokens: {
      live: 'Each card carries a sign-in code per seat: the players play on their phones.',
      entered: 'Each card carries the sign-in code of the table’s scorer, who enters each hand.',
    },
    revokes:
      'Making the cards issues fresh sign-in codes: codes on cards made before for this round stop working.',
    revokesPrinted:
      'Making them again issues new codes: the cards below, once printed, and any phone signed in with their codes stop working.',
    submit_one: 'Make the card ({{count}} table)',
    submit_other: 'Make the cards ({{count}} tables)',
    again_one: 'Make the card again',
    again_other: 'Make the cards again',
    done_one: '{{count}} card made: print it now, its codes are shown only here.',
    done_other: '{{count}} cards made: print them now, their codes are shown only here.',
    revoked_one: '{{count}} earlier code stopped working.',
    revoked_other: '{{count}} earlier codes stopped working.',
  },
  cardsLabel: 'Table cards of round {{round}}',
  round: 'Round {{round}}',
  table: 'Table {{table}}',
  substitute: 'Substitute',
  scorer: {
    label: 'Scorer',
    qr: 'Scorer sign-in code for table {{table}}',
    scan: 'Scorer: scan with your phone’s camera to enter this table’s hands.',
    code: 'Or sign in with the code',
  },
  seatQr: 'Sign-in code for {{seat}}, {{name}}',
  seatScan: 'Players: scan the code at your seat with your phone’s camera to play.',
};

const zh = {
  titleLoading: '桌卡',
  title: '桌卡 — 第 {{round}} 輪',
  backToRounds: '返回輪次',
  noRound: '沒有第 {{round}} 輪。',
  notPrintable: {
    scheduled: '第 {{round}} 輪尚未排座：請先排座，再製作桌卡。',
    seated: '',
    started: '',
    closed: '第 {{round}} 輪已結束：其牌桌不再接受登入。',
  },
  make: {
    title: '製作桌卡',
    againTitle: '桌卡已製作',
    what_one: '為 {{name}} 第 {{round}} 輪的 {{count}} 桌製作一張桌卡。',
    what_other: '為 {{name}} 第 {{round}} 輪的 {{count}} 桌各製作一張桌卡。',
    tokens: {
      live: '每張桌卡印有每個座位的登入碼：選手以手機對局。',
      entered: '每張桌卡印有該桌記分員的登入碼，由記分員登記每一局。',
    },
    revokes: '製作桌卡會發出新的登入碼：本輪之前製作的桌卡上的登入碼隨即失效。',
    revokesPrinted: '再次製作會發出新的登入碼：下方桌卡（即使已列印）及以其登入的手機隨即失效。',
    submit_one: '製作桌卡（{{count}} 桌）',
    submit_other: '製作桌卡（{{count}} 桌）',
    again_one: '重新製作桌卡',
    again_other: '重新製作桌卡',
    done_one: '已製作 {{count}} 張桌卡：請立即列印，登入碼只在此顯示。',
    done_other: '已製作 {{count}} 張桌卡：請立即列印，登入碼只在此顯示。',
    revoked_one: '{{count}} 個舊登入碼已失效。',
    revoked_other: '{{count}} 個舊登入碼已失效。',
  },
  cardsLabel: '第 {{round}} 輪桌卡',
  round: '第 {{round}} 輪',
  table: '第 {{table}} 桌',
  substitute: '替補',
  scorer: {
    label: '記分員',
    qr: '第 {{table}} 桌記分員登入碼',
    scan: '記分員：以手機相機掃描，登記本桌每一局。',
    code: '或以此碼登入',
  },
  seatQr: '{{seat}}位 {{name}} 的登入碼',
  seatScan: '選手：以手機相機掃描你座位的二維碼開始對局。',
};

export const messages: PageMessages<typeof en> = { en, zh };
