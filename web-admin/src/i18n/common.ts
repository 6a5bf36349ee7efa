// The words every page shares. Numbers are "points", never "pts" (UI.md).
import type { PageMessages } from './index.ts';

const en = {
  appName: 'Mahjong Ledger',
  nav: {
    main: 'Main',
    tournaments: 'Tournaments',
    overview: 'Overview',
    players: 'Players',
    rounds: 'Rounds',
    board: 'Tables board',
    standings: 'Standings',
    scorer: 'Enter a hand',
    signOut: 'Sign out',
    language: 'Language',
    signedInAs: 'Signed in as {{role}}',
  },
  roles: { organizer: 'organizer', referee: 'referee', scorer: 'table scorer', player: 'player' },
  seats: { E: 'East', S: 'South', W: 'West', N: 'North' },
  actions: {
    save: 'Save',
    cancel: 'Cancel',
    retry: 'Try again',
    close: 'Close',
    confirm: 'Confirm',
    back: 'Back',
    print: 'Print',
  },
  state: {
    loading: 'Loading…',
    empty: 'Nothing here yet.',
    error: 'Something went wrong',
    notFound: 'This page does not exist.',
    forbidden: 'Your token may not open this page.',
  },
  units: { points: '{{count}} points', points_one: '{{count}} point', minutes: '{{count}} min' },
};

const zh = {
  appName: '麻將賽事帳本',
  nav: {
    main: '主選單',
    tournaments: '賽事',
    overview: '概覽',
    players: '選手',
    rounds: '輪次',
    board: '牌桌看板',
    standings: '排名',
    scorer: '登記一局',
    signOut: '登出',
    language: '語言',
    signedInAs: '身份：{{role}}',
  },
  roles: { organizer: '主辦', referee: '裁判', scorer: '記分員', player: '選手' },
  seats: { E: '東', S: '南', W: '西', N: '北' },
  actions: {
    save: '儲存',
    cancel: '取消',
    retry: '重試',
    close: '關閉',
    confirm: '確認',
    back: '返回',
    print: '列印',
  },
  state: {
    loading: '載入中…',
    empty: '尚無資料。',
    error: '出錯了',
    notFound: '找不到此頁。',
    forbidden: '此權杖不能開啟此頁。',
  },
  units: { points: '{{count}} 分', points_one: '{{count}} 分', minutes: '{{count}} 分鐘' },
};

export const common: PageMessages<typeof en> = { en, zh };
